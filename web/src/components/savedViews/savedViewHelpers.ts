import { VIEW_LIST_HEIGHT } from '../../../../contract/limits';
import type { PreferenceListItem, ShareScope } from '../../../../contract/preferences';
import type { SavedView, SavedViewOperation } from '../../../../machines/savedView.machine';

/** Height of a saved-view list (spec 2 section 9): 32 plus 34 per item, capped at 250. */
export const viewListHeight = (itemCount: number) =>
  Math.min(VIEW_LIST_HEIGHT.base + VIEW_LIST_HEIGHT.perItem * itemCount, VIEW_LIST_HEIGHT.max);

/** The list answer as saved views: asked with the detail, every view carries its value; others keys are dropped. */
export const toSavedViews = (items: readonly PreferenceListItem[], preferenceKey: string): SavedView[] =>
  items
    .filter((item) => item.preferenceKey === preferenceKey && typeof item.value === 'string')
    .map((item) => ({ ...item, value: item.value! }));

/** The toast after a successful call; `name` is the view's name. */
export function successMessageKey(operation: SavedViewOperation, shareScope?: ShareScope): string | null {
  switch (operation) {
    case 'load':
      return null;
    case 'create':
      return 'views:view_created';
    case 'update':
      return 'views:view_updated';
    case 'share':
      return shareScope === 'public' ? 'views:view_shared' : 'views:view_made_private';
    case 'setDefault':
      return 'views:default_changed';
    case 'remove':
      return 'views:view_deleted';
    case 'hide':
      return 'views:view_hidden';
  }
}

/** The toast after a failed call (the request layer's own toast says why); `name` is the view's name. */
export const FAILURE_MESSAGE_KEYS: Record<SavedViewOperation, string> = {
  load: 'views:load_failed',
  create: 'views:create_failed',
  update: 'views:update_failed',
  share: 'views:share_failed',
  setDefault: 'views:default_failed',
  remove: 'views:delete_failed',
  hide: 'views:hide_failed',
};

import type { ReactElement, ReactNode } from 'react';
import { Alignment, Button, Classes, Intent, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { VIEW_LIST_HEIGHT } from '../../../../contract/limits';
import { INITIAL_LAYOUT_PREFERENCE_ID } from '../../../../contract/preferences';
import type { SavedView } from '../../../../machines/savedView.machine';
import { viewListHeight } from './savedViewHelpers';
import type { SavedViews } from './useSavedViews';

export interface SavedViewListProps<V extends object> {
  views: SavedViews<V>;
  /** The views of one tab. */
  items: SavedView[];
  /** My view starts with the initial layout (id -1). */
  withInitialLayout: boolean;
  /** The list's accessible name (the tab's title). */
  label: string;
  /** Called before an action that leaves the list (choosing a view, deleting, hiding). */
  onLeave: () => void;
}

/** One tab of the saved-view dropdown: each view with its default star, share toggle, delete and hide actions. */
export function SavedViewList<V extends object>({
  views,
  items,
  withInitialLayout,
  label,
  onLeave,
}: SavedViewListProps<V>) {
  const { t } = useTranslation();
  const busy = views.busy !== null;
  const count = items.length + (withInitialLayout ? 1 : 0);

  if (count === 0) {
    return (
      <p className={Classes.TEXT_MUTED} style={{ height: viewListHeight(0), margin: 0, lineHeight: '32px' }}>
        {t('views:no_public_views')}
      </p>
    );
  }

  const row = (id: number, name: string, actions: ReactNode) => {
    const current = id === views.currentViewId;
    return (
      <li key={id} style={{ display: 'flex', alignItems: 'center', gap: 2, height: VIEW_LIST_HEIGHT.perItem }}>
        <Button
          variant="minimal"
          fill
          ellipsizeText
          alignText={Alignment.START}
          icon={current ? 'tick' : 'blank'}
          text={name}
          active={current}
          aria-current={current ? 'true' : undefined}
          disabled={busy}
          onClick={() => {
            onLeave();
            views.select(id);
          }}
        />
        {actions}
      </li>
    );
  };

  const action = (tip: string, button: ReactElement) => (
    <Tooltip content={tip} placement="top" hoverOpenDelay={300}>
      {button}
    </Tooltip>
  );

  const star = (id: number, name: string, isDefault: boolean) =>
    action(
      isDefault ? t('views:is_default') : t('views:make_default'),
      <Button
        variant="minimal"
        icon={isDefault ? 'star' : 'star-empty'}
        intent={isDefault ? Intent.WARNING : Intent.NONE}
        aria-label={t('views:default_view_of', { name })}
        aria-pressed={isDefault}
        disabled={busy}
        onClick={() => views.setDefault(isDefault ? INITIAL_LAYOUT_PREFERENCE_ID : id)}
      />,
    );

  return (
    <ul
      aria-label={label}
      style={{ height: viewListHeight(count), overflowY: 'auto', listStyle: 'none', margin: 0, padding: 0 }}
    >
      {withInitialLayout &&
        row(
          INITIAL_LAYOUT_PREFERENCE_ID,
          t('views:initial_layout'),
          star(
            INITIAL_LAYOUT_PREFERENCE_ID,
            t('views:initial_layout'),
            views.defaultViewId === INITIAL_LAYOUT_PREFERENCE_ID,
          ),
        )}
      {items.map((view) => {
        const may = views.permissionsOf(view);
        const isPublic = view.shareScope === 'public';
        const { name } = view;
        return row(
          view.preferenceId,
          name,
          <>
            {may.setDefault && star(view.preferenceId, name, view.isDefault)}
            {(may.share || may.update) &&
              action(
                isPublic ? t('views:public_tip') : t('views:private_tip'),
                <Button
                  variant="minimal"
                  icon={isPublic ? 'globe-network' : 'lock'}
                  aria-label={t('views:public_toggle', { name })}
                  aria-pressed={isPublic}
                  disabled={busy || !may.share || (!isPublic && !views.canShare)}
                  onClick={() => views.share(view.preferenceId, isPublic ? 'private' : 'public')}
                />,
              )}
            {may.remove &&
              action(
                t('views:delete_view', { name }),
                <Button
                  variant="minimal"
                  icon="trash"
                  intent={Intent.DANGER}
                  aria-label={t('views:delete_view', { name })}
                  disabled={busy}
                  onClick={() => {
                    onLeave();
                    views.remove(view.preferenceId);
                  }}
                />,
              )}
            {may.hide &&
              action(
                t('views:hide_view', { name }),
                <Button
                  variant="minimal"
                  icon="eye-off"
                  aria-label={t('views:hide_view', { name })}
                  disabled={busy}
                  onClick={() => {
                    onLeave();
                    views.hide(view.preferenceId);
                  }}
                />,
              )}
          </>,
        );
      })}
    </ul>
  );
}

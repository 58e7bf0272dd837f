import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Intent } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ROLE } from '../../../../contract/limits';
import { INITIAL_LAYOUT_PREFERENCE_ID, type ShareScope } from '../../../../contract/preferences';
import type { LoggedInUser } from '../../../../contract/users';
import {
  createSavedViewMachine,
  currentViewOf,
  defaultViewOf,
  hasUnsavedView,
  myViewsOf,
  publicViewsOf,
  showsUpdateReminder,
  viewById,
  viewPermissions,
  type SavedView,
  type SavedViewError,
  type SavedViewOperation,
  type ViewPermissions,
  type ViewStart,
} from '../../../../machines/savedView.machine';
import { useCurrentSession } from '../../lib/currentUser';
import {
  layoutParamNames,
  listParam,
  readLayoutParams,
  useSearchParamsUpdate,
  writeLayoutParams,
  type LayoutParams,
} from '../../lib/listUrl';
import { isAborted } from '../../lib/requestErrors';
import { UnsavedDataContext } from '../../lib/unsavedData';
import { getToaster } from '../toaster';
import { savedViewCalls } from './savedViewCalls';
import { FAILURE_MESSAGE_KEYS, successMessageKey } from './savedViewHelpers';

export type { SavedView, SavedViewError, SavedViewOperation, ViewPermissions };

export interface UseSavedViewsOptions<V extends object> {
  /** The list's preference key (PreferenceKeys in contract/preferences.ts). Read when the hook mounts. */
  preferenceKey: string;
  /** The screen's built-in layout, view id -1. Read when the hook mounts. */
  initialLayout: V;
  /** The screen holds other unsaved data (edited rows): switching view asks first too. */
  hasUnsavedData?: boolean;
  /** Keep the view id and the layout in the URL: a link opens the same list, Back returns to it. */
  link?: ViewLink<V>;
}

/** How a list's view and layout are written into its URL. Read when the hook mounts. */
export interface ViewLink<V> {
  /** The search parameter of each part of the layout. */
  params: LayoutParams<V>;
  /** The layout the URL's parts are written against: a part equal to its base is left out. */
  base: V;
}

/** The search parameter of the current view's id. */
export const VIEW_PARAM = 'view';
const viewParam = listParam.integer(INITIAL_LAYOUT_PREFERENCE_ID, 999_999_999);

/** The view and layout a URL holds; null when it holds neither (the user's default view applies). */
function startOf<V>(params: URLSearchParams, link: ViewLink<V>): ViewStart<V> | null {
  const raw = params.get(VIEW_PARAM);
  const viewId = raw === null ? undefined : viewParam.parse(raw);
  const layout = readLayoutParams(params, link.params, link.base);
  if (viewId === undefined && layout === null) return null;
  return { viewId: viewId ?? INITIAL_LAYOUT_PREFERENCE_ID, layout: layout ?? {} };
}

/** The search parameters of a view and layout, in a fixed order (to compare them). */
function linkParamsOf<V>(link: ViewLink<V>, viewId: number, defaultViewId: number, layout: V): string {
  const written = writeLayoutParams(new URLSearchParams(), link.params, link.base, layout);
  // Without a view id the link means the reader's default view, or the initial layout when it holds a layout.
  if (viewId !== INITIAL_LAYOUT_PREFERENCE_ID || defaultViewId !== INITIAL_LAYOUT_PREFERENCE_ID) {
    written.set(VIEW_PARAM, String(viewId));
  }
  written.sort();
  return written.toString();
}

/** The view and layout parameters a URL holds, in a fixed order. */
function ownedParamsOf(params: URLSearchParams, names: string[]): string {
  const owned = new URLSearchParams();
  for (const [name, value] of params) if (names.includes(name)) owned.append(name, value);
  owned.sort();
  return owned.toString();
}

/** How many of its own writes the URL may still be on its way to. */
const WRITES_IN_FLIGHT = 4;

/** Something waiting for the user's answer: leaving unsaved changes for another view, deleting or hiding a view. */
export interface SavedViewConfirmation {
  kind: 'switch' | 'remove' | 'hide';
  /** The view chosen, deleted or hidden; null for the initial layout. */
  viewName: string | null;
}

export interface SavedViews<V extends object> {
  /** 'loading' until the views are known (the layout is the initial one meanwhile); 'failed' if they could not be. */
  status: 'loading' | 'failed' | 'ready';
  /** The call on its way, if any; the list waits for it. */
  busy: SavedViewOperation | null;
  /** The layout to show and to query the list with. */
  layout: V;
  /** The current view; -1 is the initial layout. */
  currentViewId: number;
  /** The current saved view; null on the initial layout. */
  currentView: SavedView | null;
  /** My view: the user's own views, newest first. */
  myViews: SavedView[];
  /** Public view: the public views of other users. */
  publicViews: SavedView[];
  /** The user's default view; -1 when the initial layout is the default. */
  defaultViewId: number;
  /** The layout differs from the current view's (switching view asks first; on a saved view leaving does too). */
  hasUnsavedView: boolean;
  /** A saved view is active and its layout changed: remind the user to update it (or save it as a new view). */
  showUpdateReminder: boolean;
  /** The user owns the current saved view, so may update it. */
  canUpdate: boolean;
  /** Views can be made public (the user works for a customer). */
  canShare: boolean;
  /** The add-view dialog is open. */
  addViewOpen: boolean;
  confirmation: SavedViewConfirmation | null;
  /** The last failed call; cleared when the next one starts. */
  error: SavedViewError | null;
  permissionsOf(view: SavedView): ViewPermissions;
  /** The grid changed filter, sort, columns or mode. */
  changeLayout(layout: V): void;
  /** Apply a view (-1: the initial layout); with unsaved changes the user confirms first. */
  select(viewId: number): void;
  confirm(): void;
  cancel(): void;
  openAddView(): void;
  closeAddView(): void;
  /** Save the current layout as a new view (from the add-view dialog); it becomes the current view. */
  create(name: string, shareScope: ShareScope): void;
  /** Save the current layout into the current view (owner only). */
  update(): void;
  share(viewId: number, shareScope: ShareScope): void;
  /** Make an own view the default; -1 makes the initial layout the default again. */
  setDefault(viewId: number): void;
  /** Delete a view, after the user confirms. */
  remove(viewId: number): void;
  /** Hide another user's public view, after the user confirms. */
  hide(viewId: number): void;
  /** Load the views again after a failure. */
  retry(): void;
}

/** Admin in the view rules (spec 2 section 6): role admin, or a PE user. */
export const isViewAdmin = (user: LoggedInUser) => user.role === ROLE.Admin || user.isPEUser;

/** The machine's states in which a call is on its way. */
const BUSY_STATES: Partial<Record<string, SavedViewOperation>> = {
  creating: 'create',
  updating: 'update',
  sharing: 'share',
  settingDefault: 'setDefault',
  removing: 'remove',
  hiding: 'hide',
};

/**
 * The saved views of one list screen (inventory, work orders, calendar, products management): runs the saved-view
 * machine with the preference calls, confirms each call with a toast, and reports the unsaved-view flag to the
 * app's unsaved-data guard. Render `<SavedViewBar views={...} />` with the result.
 */
export function useSavedViews<V extends object>({
  preferenceKey,
  initialLayout,
  hasUnsavedData = false,
  link: linkOption,
}: UseSavedViewsOptions<V>): SavedViews<V> {
  const { i18n } = useTranslation();
  const { user } = useCurrentSession();
  const { setUnsavedView } = useContext(UnsavedDataContext);
  const [link] = useState(() => linkOption);
  const [params, updateParams] = useSearchParamsUpdate();
  const [linkNames] = useState(() => (link ? [VIEW_PARAM, ...layoutParamNames(link.params)] : []));

  const [machine] = useState(() =>
    createSavedViewMachine<V>().provide({
      actors: savedViewCalls,
      actions: {
        succeeded: (_, { operation, viewName, shareScope }) => {
          const key = successMessageKey(operation, shareScope);
          if (!key) return;
          const message = i18n.t(key, { name: viewName ?? i18n.t('views:initial_layout') });
          void getToaster().then((toaster) => toaster.show({ message, intent: Intent.SUCCESS, icon: 'tick' }));
        },
        failed: (_, { operation, viewName, cause }) => {
          if (isAborted(cause)) return;
          const message = i18n.t(FAILURE_MESSAGE_KEYS[operation], {
            name: viewName ?? i18n.t('views:initial_layout'),
          });
          void getToaster().then((toaster) => toaster.show({ message, intent: Intent.DANGER, icon: 'error' }));
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      preferenceKey,
      userId: user.userId,
      isAdmin: isViewAdmin(user),
      publicPreferenceId: user.userLocation.customerId,
      initialLayout,
      start: link ? startOf(params, link) : null,
    },
  });

  useEffect(() => send({ type: 'SET_UNSAVED_DATA', value: hasUnsavedData }), [hasUnsavedData, send]);

  const { context } = snapshot;
  // Changes to the initial layout live in the URL: only a changed saved view asks before leaving the page.
  const unsavedView = showsUpdateReminder(context);
  useEffect(() => {
    setUnsavedView(unsavedView);
    return () => setUnsavedView(false);
  }, [unsavedView, setUnsavedView]);

  const urlLink = ownedParamsOf(params, linkNames);
  const shownLink =
    link && snapshot.matches('ready')
      ? linkParamsOf(link, context.currentId, defaultViewOf(context)?.preferenceId ?? -1, context.layout)
      : null;
  const seenLink = useRef(urlLink);
  const written = useRef<string[]>([]);
  useEffect(() => {
    if (!link) return;
    const urlChanged = urlLink !== seenLink.current;
    seenLink.current = urlLink;
    const ownWrite = written.current.indexOf(urlLink);
    if (urlChanged && ownWrite >= 0) written.current = written.current.slice(0, ownWrite);
    if (urlChanged && urlLink !== shownLink && ownWrite < 0) {
      send({ type: 'RESTORE', start: startOf(params, link) });
    } else if (shownLink !== null && shownLink !== urlLink) {
      written.current = [shownLink, ...written.current].slice(0, WRITES_IN_FLIGHT);
      updateParams((current) => {
        for (const name of linkNames) current.delete(name);
        for (const [name, value] of new URLSearchParams(shownLink)) current.set(name, value);
        return current;
      });
    }
  }, [link, linkNames, params, urlLink, shownLink, send, updateParams]);

  const actions = useMemo(
    () => ({
      changeLayout: (layout: V) => send({ type: 'LAYOUT_CHANGED', layout }),
      select: (id: number) => send({ type: 'SELECT', id }),
      confirm: () => send({ type: 'CONFIRM' }),
      cancel: () => send({ type: 'CANCEL' }),
      openAddView: () => send({ type: 'OPEN_CREATE' }),
      closeAddView: () => send({ type: 'CLOSE_CREATE' }),
      create: (name: string, shareScope: ShareScope) => send({ type: 'CREATE', name, shareScope }),
      update: () => send({ type: 'UPDATE' }),
      share: (id: number, shareScope: ShareScope) => send({ type: 'SHARE', id, shareScope }),
      setDefault: (id: number) => send({ type: 'SET_DEFAULT', id }),
      remove: (id: number) => send({ type: 'REMOVE', id }),
      hide: (id: number) => send({ type: 'HIDE', id }),
      retry: () => send({ type: 'RETRY' }),
    }),
    [send],
  );

  return useMemo(() => {
    const currentView = currentViewOf(context);
    const confirmationKind = snapshot.matches({ ready: 'confirmingSwitch' })
      ? 'switch'
      : snapshot.matches({ ready: 'confirmingRemove' })
        ? 'remove'
        : snapshot.matches({ ready: 'confirmingHide' })
          ? 'hide'
          : null;
    const pending = context.pending;
    const pendingName = pending && 'id' in pending ? (viewById(context, pending.id)?.name ?? null) : null;
    const readyState = typeof snapshot.value === 'object' ? snapshot.value.ready : null;
    const busy = snapshot.matches('loading') ? 'load' : ((readyState && BUSY_STATES[readyState]) ?? null);
    return {
      status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready',
      busy,
      layout: context.layout,
      currentViewId: context.currentId,
      currentView,
      myViews: myViewsOf(context),
      publicViews: publicViewsOf(context),
      defaultViewId: defaultViewOf(context)?.preferenceId ?? INITIAL_LAYOUT_PREFERENCE_ID,
      hasUnsavedView: hasUnsavedView(context),
      showUpdateReminder: showsUpdateReminder(context),
      canUpdate: currentView !== null && viewPermissions(currentView, context).update,
      canShare: context.publicPreferenceId !== null,
      addViewOpen: snapshot.matches({ ready: 'naming' }) || snapshot.matches({ ready: 'creating' }),
      confirmation: confirmationKind ? { kind: confirmationKind, viewName: pendingName } : null,
      error: context.error,
      permissionsOf: (view: SavedView) => viewPermissions(view, context),
      ...actions,
    };
  }, [snapshot, context, actions]);
}

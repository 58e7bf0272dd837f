import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  INITIAL_LAYOUT_PREFERENCE_ID,
  PREFERENCE_NAME_MAX,
  type Preference,
  type PreferenceCreate,
  type PreferenceDefault,
  type PreferenceScope,
  type PreferenceUpdate,
  type ShareScope,
} from '../contract/preferences';

/** A saved view as the list call answers it with its detail (the `value` is the layout as JSON). */
export type SavedView = Preference;

/** The signed-in user as the rules of spec 2 section 6 see them: admin is role admin or a PE user. */
export interface ViewUser {
  userId: number;
  isAdmin: boolean;
}

/** The calls the machine makes; each is an injected actor. */
export type SavedViewOperation = 'load' | 'create' | 'update' | 'share' | 'setDefault' | 'remove' | 'hide';

export interface SavedViewSuccess {
  operation: SavedViewOperation;
  /** The view the call was about; null for the initial layout. */
  viewName: string | null;
  /** The scope a shared view has now. */
  shareScope?: ShareScope;
}

export interface SavedViewError {
  operation: SavedViewOperation;
  /** The view the call was about, when there was one. */
  viewName: string | null;
  cause: unknown;
}

/** What a confirmation, or a running call, is about. */
export type PendingAction =
  | { kind: 'select'; id: number }
  | { kind: 'create'; name: string; shareScope: ShareScope }
  | { kind: 'update'; id: number }
  | { kind: 'share'; id: number; shareScope: ShareScope }
  | { kind: 'setDefault'; id: number }
  | { kind: 'remove'; id: number }
  | { kind: 'hide'; id: number };

export interface SavedViewContext<V> {
  preferenceKey: string;
  userId: number;
  isAdmin: boolean;
  /** The customer a public view is shared with; null when views cannot be made public. */
  publicPreferenceId: number | null;
  /** The screen's built-in layout, view id -1. */
  initialLayout: V;
  /** The user's own views and the public views of others, newest first. */
  views: SavedView[];
  /** The view applied last; -1 is the initial layout. */
  currentId: number;
  /** The layout the screen shows (the current view's, plus the user's changes since). */
  layout: V;
  /** The layout of the current view as saved. */
  savedLayout: V;
  /** The screen holds other unsaved data (edited rows): switching view asks first too. */
  unsavedData: boolean;
  pending: PendingAction | null;
  error: SavedViewError | null;
  /** Where the list starts once the views are known (from its link); null: the user's default view. */
  start: ViewStart<V> | null;
}

/**
 * A list opened from its link: the view it names and the layout the link holds. A view the reader cannot see (or
 * that is gone) gives the initial layout; the link's layout applies either way, over the view's.
 */
export interface ViewStart<V> {
  viewId: number;
  layout: Partial<V>;
}

export interface SavedViewInput<V> {
  preferenceKey: string;
  userId: number;
  isAdmin: boolean;
  publicPreferenceId: number | null;
  initialLayout: V;
  /** Start from a link instead of the user's default view. */
  start?: ViewStart<V> | null;
}

export type SavedViewEvent<V> =
  | { type: 'LAYOUT_CHANGED'; layout: V }
  | { type: 'SET_UNSAVED_DATA'; value: boolean }
  | { type: 'SELECT'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'OPEN_CREATE' }
  | { type: 'CLOSE_CREATE' }
  | { type: 'CREATE'; name: string; shareScope: ShareScope }
  | { type: 'UPDATE' }
  | { type: 'SHARE'; id: number; shareScope: ShareScope }
  | { type: 'SET_DEFAULT'; id: number }
  | { type: 'REMOVE'; id: number }
  | { type: 'HIDE'; id: number }
  | { type: 'RETRY' }
  /** The list's link changed under it (Back, a menu link): start again from it; null: the user's default view. */
  | { type: 'RESTORE'; start: ViewStart<V> | null };

export interface LoadViewsInput {
  preferenceKey: string;
  /** Also the public views shared with this customer. */
  publicPreferenceId: number | null;
}

/** Spec 2 section 5 "New view name": required (trimmed), max 100. */
export type ViewNameProblem = 'required_field' | 'max_length';

export function viewNameProblem(name: string): ViewNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required_field';
  if (trimmed.length > PREFERENCE_NAME_MAX) return 'max_length';
  return null;
}

/** What the user may do with a saved view (spec 2 section 6, as the server enforces it). */
export interface ViewPermissions {
  /** Save the current layout into it: the owner only. */
  update: boolean;
  /** Switch it between private and public: the owner (not on the default view); admins make public views private. */
  share: boolean;
  /** Make it the own default: the owner only. */
  setDefault: boolean;
  /** Delete it: the owner (not the default view); admins any public view. */
  remove: boolean;
  /** Hide it from the own list: a public view of someone else. */
  hide: boolean;
}

export function viewPermissions(view: SavedView, user: ViewUser): ViewPermissions {
  const own = view.userId === user.userId;
  const isPublic = view.shareScope === 'public';
  return {
    update: own,
    share: (own && !view.isDefault) || (user.isAdmin && isPublic),
    setDefault: own,
    remove: (own && !view.isDefault) || (user.isAdmin && isPublic),
    hide: !own && isPublic,
  };
}

/** A layout as canonical JSON: the order of object keys does not matter, the order of array items does. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const sameLayout = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * The layout a saved view holds. Keys the stored value lacks (a layout saved before the screen knew them) come
 * from the initial layout; a value that is not a JSON object gives the initial layout.
 */
export function layoutOf<V extends object>(value: string, initialLayout: V): V {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return initialLayout;
    return { ...initialLayout, ...parsed };
  } catch {
    return initialLayout;
  }
}

export const viewById = <V>(context: SavedViewContext<V>, id: number) =>
  context.views.find((v) => v.preferenceId === id) ?? null;

export const currentViewOf = <V>(context: SavedViewContext<V>) => viewById(context, context.currentId);

/** My view: the user's own views. */
export const myViewsOf = <V>(context: SavedViewContext<V>) => context.views.filter((v) => v.userId === context.userId);

/** Public view: the public views of other users. */
export const publicViewsOf = <V>(context: SavedViewContext<V>) =>
  context.views.filter((v) => v.userId !== context.userId);

/** The layout differs from the current view's saved layout (the unsaved-view flag). */
export const hasUnsavedView = <V>(context: SavedViewContext<V>) => !sameLayout(context.layout, context.savedLayout);

/** A saved view is active and its layout was changed: remind the user to update it. */
export const showsUpdateReminder = <V>(context: SavedViewContext<V>) =>
  context.currentId !== INITIAL_LAYOUT_PREFERENCE_ID && hasUnsavedView(context);

/** The user's own default view, if any; its absence makes the initial layout the default. */
export const defaultViewOf = <V>(context: SavedViewContext<V>) =>
  context.views.find((v) => v.userId === context.userId && v.isDefault) ?? null;

/** The view a confirmation or a running call is about (-1 for "no saved default"). */
const pendingIdOf = <V>(context: SavedViewContext<V>) =>
  context.pending && 'id' in context.pending ? context.pending.id : INITIAL_LAYOUT_PREFERENCE_ID;

function nameOfPending<V>(context: SavedViewContext<V>): string | null {
  const { pending } = context;
  if (pending === null) return null;
  if (pending.kind === 'create') return pending.name.trim();
  return viewById(context, pending.id)?.name ?? null;
}

/** Context after applying a view: its layout becomes both the shown and the saved layout. */
function applied<V extends object>(context: SavedViewContext<V>, id: number): Partial<SavedViewContext<V>> {
  const view = viewById(context, id);
  const layout = view ? layoutOf(view.value, context.initialLayout) : context.initialLayout;
  return { currentId: view ? id : INITIAL_LAYOUT_PREFERENCE_ID, layout, savedLayout: layout };
}

/** Context after the views are known: the link's view and layout, else the user's default view. */
function started<V extends object>(
  context: SavedViewContext<V>,
  start: ViewStart<V> | null,
): Partial<SavedViewContext<V>> {
  if (start === null) return applied(context, defaultViewOf(context)?.preferenceId ?? INITIAL_LAYOUT_PREFERENCE_ID);
  const view = applied(context, start.viewId);
  return { ...view, layout: { ...view.layout!, ...start.layout } };
}

/** A view left the list; when it was the current one, the initial layout takes over (spec 2 section 4). */
function withoutView<V extends object>(context: SavedViewContext<V>, id: number): Partial<SavedViewContext<V>> {
  const views = context.views.filter((v) => v.preferenceId !== id);
  if (context.currentId !== id) return { views };
  return {
    views,
    currentId: INITIAL_LAYOUT_PREFERENCE_ID,
    layout: context.initialLayout,
    savedLayout: context.initialLayout,
  };
}

const replaced = (views: SavedView[], view: SavedView) =>
  views.map((v) => (v.preferenceId === view.preferenceId ? view : v));

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} must be provided`);
};

/**
 * The saved-view lifecycle of a list screen (spec 1 sections 3 and 4, spec 2 sections 2, 4, 5 and 6), generic over
 * the layout `V` the screen stores in a view's value (filter, sort, columns, mode, ...). The views are loaded and
 * the view and layout of the list's link applied, or without one the user's default view (else the initial layout,
 * id -1). The screen reports every layout change; a
 * layout that differs from the current view's is an unsaved view, and on a saved view a reminder to update it.
 * Switching view with unsaved changes asks first. Creating, updating, sharing, choosing the default, deleting and
 * hiding are injected actors (the preference calls); a failed call keeps the previous state and reports the error
 * through `failed`, a successful one through `succeeded`.
 */
export function createSavedViewMachine<V extends object>() {
  return setup({
    types: {
      context: {} as SavedViewContext<V>,
      events: {} as SavedViewEvent<V>,
      input: {} as SavedViewInput<V>,
    },
    actors: {
      loadViews: fromPromise<SavedView[], LoadViewsInput>(notProvided('loadViews')),
      createView: fromPromise<SavedView, PreferenceCreate>(notProvided('createView')),
      updateView: fromPromise<SavedView, PreferenceUpdate>(notProvided('updateView')),
      shareView: fromPromise<SavedView, PreferenceScope>(notProvided('shareView')),
      setDefaultView: fromPromise<null, PreferenceDefault>(notProvided('setDefaultView')),
      removeView: fromPromise<null, { id: number }>(notProvided('removeView')),
      hideView: fromPromise<null, { id: number }>(notProvided('hideView')),
    },
    actions: {
      /** A call succeeded (the screen confirms it with a toast). */
      succeeded: (_, _params: SavedViewSuccess) => {},
      /** A call failed; nothing changed (the screen tells the user). */
      failed: (_, _params: SavedViewError) => {},
      clearError: assign({ error: null }),
      clearPending: assign({ pending: null }),
      fail: assign(({ context }, params: { operation: SavedViewOperation; cause: unknown }) => ({
        error: { operation: params.operation, viewName: nameOfPending(context), cause: params.cause },
        pending: null,
      })),
    },
    guards: {
      knownView: ({ context, event }) =>
        event.type === 'SELECT' && (event.id === INITIAL_LAYOUT_PREFERENCE_ID || viewById(context, event.id) !== null),
      mustConfirmSwitch: ({ context }) => hasUnsavedView(context) || context.unsavedData,
      validName: ({ context, event }) =>
        event.type === 'CREATE' &&
        viewNameProblem(event.name) === null &&
        (event.shareScope === 'private' || context.publicPreferenceId !== null),
      mayUpdateCurrent: ({ context }) => {
        const view = currentViewOf(context);
        return view !== null && viewPermissions(view, context).update;
      },
      mayShare: ({ context, event }) => {
        if (event.type !== 'SHARE') return false;
        const view = viewById(context, event.id);
        if (!view || view.shareScope === event.shareScope || !viewPermissions(view, context).share) return false;
        return event.shareScope === 'private' || context.publicPreferenceId !== null;
      },
      maySetDefault: ({ context, event }) => {
        if (event.type !== 'SET_DEFAULT') return false;
        const current = defaultViewOf(context);
        if (event.id === INITIAL_LAYOUT_PREFERENCE_ID) return current !== null;
        const view = viewById(context, event.id);
        return view !== null && viewPermissions(view, context).setDefault && current?.preferenceId !== event.id;
      },
      mayRemove: ({ context, event }) => {
        const view = event.type === 'REMOVE' ? viewById(context, event.id) : null;
        return view !== null && viewPermissions(view, context).remove;
      },
      mayHide: ({ context, event }) => {
        const view = event.type === 'HIDE' ? viewById(context, event.id) : null;
        return view !== null && viewPermissions(view, context).hide;
      },
    },
  }).createMachine({
    id: 'savedView',
    context: ({ input }) => ({
      preferenceKey: input.preferenceKey,
      userId: input.userId,
      isAdmin: input.isAdmin,
      publicPreferenceId: input.publicPreferenceId,
      initialLayout: input.initialLayout,
      views: [],
      currentId: INITIAL_LAYOUT_PREFERENCE_ID,
      layout: input.initialLayout,
      savedLayout: input.initialLayout,
      unsavedData: false,
      pending: null,
      error: null,
      start: input.start ?? null,
    }),
    initial: 'loading',
    on: {
      LAYOUT_CHANGED: { actions: assign({ layout: ({ event }) => event.layout }) },
      SET_UNSAVED_DATA: { actions: assign({ unsavedData: ({ event }) => event.value }) },
      RESTORE: { actions: assign({ start: ({ event }) => event.start }) },
    },
    states: {
      loading: {
        invoke: {
          id: 'loadViews',
          src: 'loadViews',
          input: ({ context }) => ({
            preferenceKey: context.preferenceKey,
            publicPreferenceId: context.publicPreferenceId,
          }),
          onDone: {
            target: 'ready',
            actions: [
              assign({ views: ({ event }) => event.output, error: null }),
              assign(({ context }) => started(context, context.start)),
            ],
          },
          onError: {
            target: 'loadFailed',
            actions: [
              assign({ error: ({ event }) => ({ operation: 'load' as const, viewName: null, cause: event.error }) }),
              { type: 'failed', params: ({ context }) => context.error! },
            ],
          },
        },
      },
      loadFailed: {
        on: { RETRY: { target: 'loading', actions: 'clearError' } },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              SELECT: [
                {
                  guard: and(['knownView', 'mustConfirmSwitch']),
                  target: 'confirmingSwitch',
                  actions: assign({ pending: ({ event }) => ({ kind: 'select', id: event.id }) }),
                },
                { guard: 'knownView', actions: assign(({ context, event }) => applied(context, event.id)) },
              ],
              RESTORE: {
                actions: assign(({ context, event }) => ({ start: event.start, ...started(context, event.start) })),
              },
              OPEN_CREATE: { target: 'naming', actions: 'clearError' },
              UPDATE: {
                guard: 'mayUpdateCurrent',
                target: 'updating',
                actions: assign({ pending: ({ context }) => ({ kind: 'update', id: context.currentId }) }),
              },
              SHARE: {
                guard: 'mayShare',
                target: 'sharing',
                actions: assign({
                  pending: ({ event }) => ({ kind: 'share', id: event.id, shareScope: event.shareScope }),
                }),
              },
              SET_DEFAULT: {
                guard: 'maySetDefault',
                target: 'settingDefault',
                actions: assign({ pending: ({ event }) => ({ kind: 'setDefault', id: event.id }) }),
              },
              REMOVE: {
                guard: 'mayRemove',
                target: 'confirmingRemove',
                actions: assign({ pending: ({ event }) => ({ kind: 'remove', id: event.id }) }),
              },
              HIDE: {
                guard: 'mayHide',
                target: 'confirmingHide',
                actions: assign({ pending: ({ event }) => ({ kind: 'hide', id: event.id }) }),
              },
            },
          },
          confirmingSwitch: {
            on: {
              CONFIRM: {
                target: 'idle',
                actions: [assign(({ context }) => applied(context, pendingIdOf(context))), 'clearPending'],
              },
              CANCEL: { target: 'idle', actions: 'clearPending' },
            },
          },
          confirmingRemove: {
            on: {
              CONFIRM: { target: 'removing', actions: 'clearError' },
              CANCEL: { target: 'idle', actions: 'clearPending' },
            },
          },
          confirmingHide: {
            on: {
              CONFIRM: { target: 'hiding', actions: 'clearError' },
              CANCEL: { target: 'idle', actions: 'clearPending' },
            },
          },
          naming: {
            on: {
              CREATE: {
                guard: 'validName',
                target: 'creating',
                actions: [
                  'clearError',
                  assign({
                    pending: ({ event }) => ({ kind: 'create', name: event.name.trim(), shareScope: event.shareScope }),
                  }),
                ],
              },
              CLOSE_CREATE: { target: 'idle', actions: 'clearError' },
            },
          },
          creating: {
            invoke: {
              id: 'createView',
              src: 'createView',
              input: ({ context }) => {
                const { name, shareScope } = context.pending as Extract<PendingAction, { kind: 'create' }>;
                return {
                  preferenceKey: context.preferenceKey,
                  name,
                  isDefault: false,
                  value: JSON.stringify(context.layout),
                  category: null,
                  shareScope,
                  publicPreferenceId: shareScope === 'public' ? context.publicPreferenceId : null,
                };
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    views: [event.output, ...context.views.filter((v) => v.preferenceId !== event.output.preferenceId)],
                    currentId: event.output.preferenceId,
                    savedLayout: layoutOf(event.output.value, context.initialLayout),
                  })),
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({ operation: 'create', viewName: nameOfPending(context) }),
                  },
                  'clearPending',
                ],
              },
              onError: {
                target: 'naming',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'create', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
          updating: {
            invoke: {
              id: 'updateView',
              src: 'updateView',
              input: ({ context }) => {
                const view = currentViewOf(context)!;
                return {
                  preferenceId: view.preferenceId,
                  name: view.name,
                  value: JSON.stringify(context.layout),
                  isDefault: view.isDefault,
                  category: view.category,
                };
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    views: replaced(context.views, event.output),
                    savedLayout:
                      event.output.preferenceId === context.currentId
                        ? layoutOf(event.output.value, context.initialLayout)
                        : context.savedLayout,
                  })),
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({ operation: 'update', viewName: nameOfPending(context) }),
                  },
                  'clearPending',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'update', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
          sharing: {
            invoke: {
              id: 'shareView',
              src: 'shareView',
              input: ({ context }) => {
                const { id, shareScope } = context.pending as Extract<PendingAction, { kind: 'share' }>;
                return {
                  preferenceId: id,
                  shareScope,
                  publicPreferenceId: shareScope === 'public' ? context.publicPreferenceId : null,
                };
              },
              onDone: {
                target: 'idle',
                actions: [
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({
                      operation: 'share',
                      viewName: nameOfPending(context),
                      shareScope: (context.pending as Extract<PendingAction, { kind: 'share' }>).shareScope,
                    }),
                  },
                  // An admin who makes another user's view private no longer sees it.
                  assign(({ context, event }) =>
                    event.output.userId !== context.userId && event.output.shareScope === 'private'
                      ? withoutView(context, event.output.preferenceId)
                      : { views: replaced(context.views, event.output) },
                  ),
                  'clearPending',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'share', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
          settingDefault: {
            invoke: {
              id: 'setDefaultView',
              src: 'setDefaultView',
              input: ({ context }) => ({ preferenceId: pendingIdOf(context), preferenceKey: context.preferenceKey }),
              onDone: {
                target: 'idle',
                actions: [
                  assign({
                    views: ({ context }) =>
                      context.views.map((v) =>
                        v.userId === context.userId ? { ...v, isDefault: v.preferenceId === pendingIdOf(context) } : v,
                      ),
                  }),
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({ operation: 'setDefault', viewName: nameOfPending(context) }),
                  },
                  'clearPending',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'setDefault', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
          removing: {
            invoke: {
              id: 'removeView',
              src: 'removeView',
              input: ({ context }) => ({ id: pendingIdOf(context) }),
              onDone: {
                target: 'idle',
                actions: [
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({ operation: 'remove', viewName: nameOfPending(context) }),
                  },
                  assign(({ context }) => withoutView(context, pendingIdOf(context))),
                  'clearPending',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'remove', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
          hiding: {
            invoke: {
              id: 'hideView',
              src: 'hideView',
              input: ({ context }) => ({ id: pendingIdOf(context) }),
              onDone: {
                target: 'idle',
                actions: [
                  {
                    type: 'succeeded',
                    params: ({ context }) => ({ operation: 'hide', viewName: nameOfPending(context) }),
                  },
                  assign(({ context }) => withoutView(context, pendingIdOf(context))),
                  'clearPending',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ operation: 'hide', cause: event.error }) },
                  { type: 'failed', params: ({ context }) => context.error! },
                ],
              },
            },
          },
        },
      },
    },
  });
}

export type SavedViewMachine<V extends object> = ReturnType<typeof createSavedViewMachine<V>>;
export type SavedViewSnapshot<V extends object> = SnapshotFrom<SavedViewMachine<V>>;

import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, waitFor, type Actor, type AnyStateNode, type SnapshotFrom } from 'xstate';
import type { PreferenceCreate, PreferenceDefault, PreferenceScope, PreferenceUpdate } from '../contract/preferences';
import {
  createSavedViewMachine,
  currentViewOf,
  hasUnsavedView,
  layoutOf,
  myViewsOf,
  publicViewsOf,
  sameLayout,
  showsUpdateReminder,
  viewNameProblem,
  viewPermissions,
  type LoadViewsInput,
  type PendingAction,
  type SavedView,
  type SavedViewEvent,
  type SavedViewError,
  type SavedViewSuccess,
  type ViewStart,
} from './savedView.machine';

/** The inventory's layout, as the first screen to use the machine stores it. */
interface Layout {
  filter: Array<{ field: string; value: string[]; operator: number }>;
  sort: Array<{ field: string; orderType: 0 | 1 }>;
  mode: 'grid' | 'tile';
  columnShowKeys: string[];
  columnOrderKeys: string[];
}

const ME = 7;
const OTHER = 8;
const CUSTOMER = 100;

const INITIAL: Layout = {
  filter: [],
  sort: [],
  mode: 'grid',
  columnShowKeys: ['serial', 'mfg', 'model'],
  columnOrderKeys: ['serial', 'mfg', 'model'],
};

const byManufacturer: Layout = {
  ...INITIAL,
  filter: [{ field: 'mfg', value: ['Agilent'], operator: 7 }],
  sort: [{ field: 'serial', orderType: 1 }],
};
const tiles: Layout = { ...INITIAL, mode: 'tile' };
const withLocation: Layout = { ...INITIAL, columnShowKeys: [...INITIAL.columnShowKeys, 'location'] };

let nextId = 500;
const view = (overrides: Partial<SavedView> & { layout?: Layout } = {}): SavedView => {
  const { layout, ...rest } = overrides;
  return {
    preferenceId: ++nextId,
    preferenceKey: 'inventory',
    name: `View ${nextId}`,
    isDefault: false,
    value: JSON.stringify(layout ?? byManufacturer),
    category: null,
    shareScope: 'private',
    publicPreferenceId: null,
    userId: ME,
    ...rest,
  };
};
const publicView = (overrides: Partial<SavedView> & { layout?: Layout } = {}) =>
  view({ shareScope: 'public', publicPreferenceId: CUSTOMER, ...overrides });

type Effect = 'loadViews' | 'createView' | 'updateView' | 'shareView' | 'setDefaultView' | 'removeView' | 'hideView';

/**
 * The preference calls in memory, as the server answers them for the signed-in user: the calls received, failures
 * on demand, and calls that can be held until released (to see what the machine does meanwhile).
 */
function fakeServer(initial: SavedView[], createdId: () => number = () => ++nextId) {
  let stored = initial.map((v) => ({ ...v }));
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const succeeded: SavedViewSuccess[] = [];
  const failed: SavedViewError[] = [];
  const failing = new Set<Effect>();
  const holding = new Set<Effect>();
  const held = new Map<Effect, Array<() => void>>();

  const gate = async (effect: Effect, input: unknown) => {
    calls.push({ effect, input });
    if (holding.has(effect))
      await new Promise<void>((resolve) => held.set(effect, [...(held.get(effect) ?? []), resolve]));
    if (failing.has(effect)) throw new Error(`${effect} failed`);
  };
  const find = (id: number) => {
    const found = stored.find((v) => v.preferenceId === id);
    if (!found) throw new Error(`no view ${id}`);
    return found;
  };

  const machine = createSavedViewMachine<Layout>().provide({
    actors: {
      loadViews: fromPromise<SavedView[], LoadViewsInput>(async ({ input }) => {
        await gate('loadViews', input);
        return stored.map((v) => ({ ...v }));
      }),
      createView: fromPromise<SavedView, PreferenceCreate>(async ({ input }) => {
        await gate('createView', input);
        const created: SavedView = { ...input, preferenceId: createdId(), userId: ME };
        stored = [created, ...stored];
        return { ...created };
      }),
      updateView: fromPromise<SavedView, PreferenceUpdate>(async ({ input }) => {
        await gate('updateView', input);
        Object.assign(find(input.preferenceId), input);
        return { ...find(input.preferenceId) };
      }),
      shareView: fromPromise<SavedView, PreferenceScope>(async ({ input }) => {
        await gate('shareView', input);
        Object.assign(find(input.preferenceId), input);
        return { ...find(input.preferenceId) };
      }),
      setDefaultView: fromPromise<null, PreferenceDefault>(async ({ input }) => {
        await gate('setDefaultView', input);
        stored = stored.map((v) => (v.userId === ME ? { ...v, isDefault: v.preferenceId === input.preferenceId } : v));
        return null;
      }),
      removeView: fromPromise<null, { id: number }>(async ({ input }) => {
        await gate('removeView', input);
        stored = stored.filter((v) => v.preferenceId !== input.id);
        return null;
      }),
      hideView: fromPromise<null, { id: number }>(async ({ input }) => {
        await gate('hideView', input);
        stored = stored.filter((v) => v.preferenceId !== input.id);
        return null;
      }),
    },
    actions: {
      succeeded: (_, params) => void succeeded.push(params),
      failed: (_, params) => void failed.push(params),
    },
  });

  return {
    machine,
    calls,
    succeeded,
    failed,
    stored: () => stored,
    effects: () => calls.map((c) => c.effect),
    fail: (effect: Effect) => failing.add(effect),
    recover: (effect: Effect) => failing.delete(effect),
    hold: (effect: Effect) => holding.add(effect),
    release: (effect: Effect) => {
      holding.delete(effect);
      for (const resolve of held.get(effect) ?? []) resolve();
      held.delete(effect);
    },
    /** Lets the oldest held call of an effect go on (once it has arrived); later calls are held again. */
    answer: async (effect: Effect) => {
      for (let i = 0; i < 100 && !held.get(effect)?.length; i++) await new Promise((r) => setTimeout(r, 0));
      const next = held.get(effect)?.shift();
      if (!next) throw new Error(`no ${effect} call arrived`);
      next();
    },
  };
}

type TestActor = Actor<ReturnType<typeof fakeServer>['machine']>;
let actor: TestActor | undefined;
afterEach(() => actor?.stop());

interface StartOptions {
  isAdmin?: boolean;
  publicPreferenceId?: number | null;
  /** The view and layout of the list's link. */
  link?: ViewStart<Layout> | null;
}

async function start(
  views: SavedView[],
  { isAdmin = false, publicPreferenceId = CUSTOMER, link = null }: StartOptions = {},
) {
  const server = fakeServer(views);
  actor = createActor(server.machine, {
    input: { preferenceKey: 'inventory', userId: ME, isAdmin, publicPreferenceId, initialLayout: INITIAL, start: link },
  }).start();
  await waitFor(actor, (s) => !s.matches('loading'));
  const a = actor;
  return {
    server,
    actor: a,
    ctx: () => a.getSnapshot().context,
    /** Waits until no call is running. */
    settled: () =>
      waitFor(a, (s) =>
        (['idle', 'naming', 'confirmingSwitch', 'confirmingRemove', 'confirmingHide'] as const).some((state) =>
          s.matches({ ready: state }),
        ),
      ),
  };
}

const ids = (views: SavedView[]) => views.map((v) => v.preferenceId);

describe('saved views: pure rules', () => {
  it('a view name is required after trimming and at most 100 characters long', () => {
    expect(viewNameProblem('')).toBe('required_field');
    expect(viewNameProblem('   ')).toBe('required_field');
    expect(viewNameProblem('Calibration due')).toBeNull();
    expect(viewNameProblem('x'.repeat(100))).toBeNull();
    expect(viewNameProblem(`  ${'x'.repeat(100)}  `)).toBeNull();
    expect(viewNameProblem('x'.repeat(101))).toBe('max_length');
  });

  it('permissions: owners act on their own views, except sharing and deleting the default one', () => {
    const user = { userId: ME, isAdmin: false };
    expect(viewPermissions(view(), user)).toEqual({
      update: true,
      share: true,
      setDefault: true,
      remove: true,
      hide: false,
    });
    expect(viewPermissions(view({ isDefault: true }), user)).toEqual({
      update: true,
      share: false,
      setDefault: true,
      remove: false,
      hide: false,
    });
  });

  it("permissions: an ordinary user can only hide another user's public view", () => {
    expect(viewPermissions(publicView({ userId: OTHER }), { userId: ME, isAdmin: false })).toEqual({
      update: false,
      share: false,
      setDefault: false,
      remove: false,
      hide: true,
    });
  });

  it('permissions: an admin may also make any public view private and delete it', () => {
    const admin = { userId: ME, isAdmin: true };
    expect(viewPermissions(publicView({ userId: OTHER }), admin)).toEqual({
      update: false,
      share: true,
      setDefault: false,
      remove: true,
      hide: true,
    });
    expect(viewPermissions(publicView({ isDefault: true }), admin)).toMatchObject({ share: true, remove: true });
    expect(viewPermissions(view({ isDefault: true }), admin)).toMatchObject({ share: false, remove: false });
  });

  it('layouts compare by content: key order does not matter, item order does', () => {
    expect(sameLayout({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameLayout({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(sameLayout({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBe(true);
    expect(sameLayout({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it("a stored value fills in the initial layout's missing keys; a broken value gives the initial layout", () => {
    expect(layoutOf(JSON.stringify({ mode: 'tile' }), INITIAL)).toEqual({ ...INITIAL, mode: 'tile' });
    expect(layoutOf('{broken', INITIAL)).toBe(INITIAL);
    expect(layoutOf('[1, 2]', INITIAL)).toBe(INITIAL);
    expect(layoutOf('null', INITIAL)).toBe(INITIAL);
  });
});

describe('saved views: loading', () => {
  it("asks for the key's own and public views, with their values, and applies the user's default view", async () => {
    const preferred = view({ isDefault: true, layout: tiles });
    const { server, ctx, actor } = await start([view(), preferred, publicView({ userId: OTHER })]);
    expect(server.calls).toEqual([
      { effect: 'loadViews', input: { preferenceKey: 'inventory', publicPreferenceId: CUSTOMER } },
    ]);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(ctx().currentId).toBe(preferred.preferenceId);
    expect(ctx().layout).toEqual(tiles);
    expect(hasUnsavedView(ctx())).toBe(false);
  });

  it('without a default view applies the initial layout, id -1', async () => {
    const { ctx } = await start([view(), publicView({ userId: OTHER })]);
    expect(ctx().currentId).toBe(-1);
    expect(ctx().layout).toEqual(INITIAL);
    expect(currentViewOf(ctx())).toBeNull();
  });

  it("never applies another user's view: the list answers isDefault only for own views", async () => {
    const { ctx } = await start([publicView({ userId: OTHER, isDefault: true, layout: tiles })]);
    expect(ctx().currentId).toBe(-1);
  });

  it('splits My view (own views, private or public) from Public view (public views of others)', async () => {
    const mine = view();
    const minePublic = publicView();
    const theirs = publicView({ userId: OTHER });
    const { ctx } = await start([theirs, mine, minePublic]);
    expect(ids(myViewsOf(ctx()))).toEqual([mine.preferenceId, minePublic.preferenceId]);
    expect(ids(publicViewsOf(ctx()))).toEqual([theirs.preferenceId]);
  });

  it('a failed load keeps the initial layout, reports the error, and loads again on retry', async () => {
    const server = fakeServer([view({ isDefault: true, layout: tiles })]);
    server.fail('loadViews');
    actor = createActor(server.machine, {
      input: {
        preferenceKey: 'inventory',
        userId: ME,
        isAdmin: false,
        publicPreferenceId: CUSTOMER,
        initialLayout: INITIAL,
      },
    }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context).toMatchObject({ layout: INITIAL, currentId: -1, views: [] });
    expect(actor.getSnapshot().context.error).toMatchObject({ operation: 'load', viewName: null });
    expect(server.failed.map((e) => e.operation)).toEqual(['load']);
    expect(actor.getSnapshot().can({ type: 'OPEN_CREATE' })).toBe(false);
    server.recover('loadViews');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ layout: tiles, error: null });
  });

  it('the grid can change the layout even while the views are loading or failed', async () => {
    const server = fakeServer([]);
    server.fail('loadViews');
    actor = createActor(server.machine, {
      input: {
        preferenceKey: 'inventory',
        userId: ME,
        isAdmin: false,
        publicPreferenceId: null,
        initialLayout: INITIAL,
      },
    }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    expect(actor.getSnapshot().context.layout).toEqual(tiles);
  });
});

describe("saved views: starting from the list's link", () => {
  it("a link's view applies with the link's layout over it; the difference is an unsaved view with a reminder", async () => {
    const preferred = view({ isDefault: true, layout: tiles });
    const linked = view({ layout: byManufacturer });
    const { ctx } = await start([preferred, linked], {
      link: { viewId: linked.preferenceId, layout: { mode: 'tile' } },
    });
    expect(ctx().currentId).toBe(linked.preferenceId);
    expect(ctx().layout).toEqual({ ...byManufacturer, mode: 'tile' });
    expect(ctx().savedLayout).toEqual(byManufacturer);
    expect(showsUpdateReminder(ctx())).toBe(true);
  });

  it("a link's own view with its own layout is not unsaved", async () => {
    const linked = view({ layout: byManufacturer });
    const own = await start([view({ isDefault: true }), linked], {
      link: { viewId: linked.preferenceId, layout: byManufacturer },
    });
    expect(own.ctx().currentId).toBe(linked.preferenceId);
    expect(hasUnsavedView(own.ctx())).toBe(false);
  });

  it("a view the reader cannot see gives the initial layout with the link's layout, without a reminder", async () => {
    const { ctx } = await start([view({ isDefault: true, layout: tiles })], {
      link: { viewId: 99_999, layout: { filter: byManufacturer.filter, sort: byManufacturer.sort } },
    });
    expect(ctx().currentId).toBe(-1);
    expect(ctx().layout).toEqual({ ...INITIAL, filter: byManufacturer.filter, sort: byManufacturer.sort });
    expect(showsUpdateReminder(ctx())).toBe(false);
  });

  it('a changed link (Back, a menu link) starts again from it; without one the default view applies', async () => {
    const preferred = view({ isDefault: true, layout: tiles });
    const other = view({ layout: withLocation });
    const { ctx, actor } = await start([preferred, other]);
    actor.send({ type: 'RESTORE', start: { viewId: other.preferenceId, layout: { mode: 'tile' } } });
    expect(ctx().currentId).toBe(other.preferenceId);
    expect(ctx().layout).toEqual({ ...withLocation, mode: 'tile' });
    actor.send({ type: 'RESTORE', start: null });
    expect(ctx().currentId).toBe(preferred.preferenceId);
    expect(ctx().layout).toEqual(tiles);
  });

  it('a link that changes while the views load is the one applied', async () => {
    const server = fakeServer([view({ isDefault: true, layout: tiles })]);
    server.hold('loadViews');
    actor = createActor(server.machine, {
      input: {
        preferenceKey: 'inventory',
        userId: ME,
        isAdmin: false,
        publicPreferenceId: CUSTOMER,
        initialLayout: INITIAL,
      },
    }).start();
    actor.send({ type: 'RESTORE', start: { viewId: -1, layout: { sort: byManufacturer.sort } } });
    await server.answer('loadViews');
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.currentId).toBe(-1);
    expect(ready.context.layout).toEqual({ ...INITIAL, sort: byManufacturer.sort });
  });
});

describe('saved views: layout changes and the reminder', () => {
  it('a change on the initial layout is an unsaved view, without a reminder to update (-1 cannot be updated)', async () => {
    const { actor, ctx } = await start([]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    expect(ctx().layout).toEqual(tiles);
    expect(hasUnsavedView(ctx())).toBe(true);
    expect(showsUpdateReminder(ctx())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'UPDATE' })).toBe(false);
  });

  it('a change while a saved view is active sets the unsaved-view flag and the reminder; changing back clears both', async () => {
    const active = view({ isDefault: true });
    const { actor, ctx } = await start([active]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    expect(hasUnsavedView(ctx())).toBe(true);
    expect(showsUpdateReminder(ctx())).toBe(true);
    actor.send({ type: 'LAYOUT_CHANGED', layout: JSON.parse(active.value) as Layout });
    expect(hasUnsavedView(ctx())).toBe(false);
    expect(showsUpdateReminder(ctx())).toBe(false);
  });
});

describe('saved views: switching', () => {
  it('choosing a view applies its filter, sort, columns and mode; -1 goes back to the initial layout', async () => {
    const other = view({ layout: tiles });
    const { actor, ctx, server } = await start([view(), other]);
    actor.send({ type: 'SELECT', id: other.preferenceId });
    expect(ctx()).toMatchObject({ currentId: other.preferenceId, layout: tiles, savedLayout: tiles });
    actor.send({ type: 'SELECT', id: -1 });
    expect(ctx()).toMatchObject({ currentId: -1, layout: INITIAL });
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('an unknown view id changes nothing', async () => {
    const { actor, ctx } = await start([view({ isDefault: true })]);
    const before = ctx();
    expect(actor.getSnapshot().can({ type: 'SELECT', id: 99_999 })).toBe(false);
    actor.send({ type: 'SELECT', id: 99_999 });
    expect(ctx()).toBe(before);
  });

  it('with unsaved changes asks first; cancelling keeps the changed layout and the view', async () => {
    const current = view({ isDefault: true });
    const other = view({ layout: tiles });
    const { actor, ctx } = await start([current, other]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    actor.send({ type: 'SELECT', id: other.preferenceId });
    expect(actor.getSnapshot().matches({ ready: 'confirmingSwitch' })).toBe(true);
    expect(ctx().pending).toEqual({ kind: 'select', id: other.preferenceId });
    expect(ctx().currentId).toBe(current.preferenceId);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(ctx()).toMatchObject({ currentId: current.preferenceId, layout: withLocation, pending: null });
  });

  it('with unsaved changes, confirming switches and drops the changes', async () => {
    const other = view({ layout: tiles });
    const { actor, ctx } = await start([view({ isDefault: true }), other]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    actor.send({ type: 'SELECT', id: other.preferenceId });
    actor.send({ type: 'CONFIRM' });
    expect(ctx()).toMatchObject({ currentId: other.preferenceId, layout: tiles, pending: null });
    expect(hasUnsavedView(ctx())).toBe(false);
  });

  it('choosing the current view again with unsaved changes (after confirming) restores its saved layout', async () => {
    const current = view({ isDefault: true });
    const { actor, ctx } = await start([current]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    actor.send({ type: 'SELECT', id: current.preferenceId });
    actor.send({ type: 'CONFIRM' });
    expect(ctx().layout).toEqual(byManufacturer);
  });

  it('asks too when the screen holds other unsaved data (edited rows), until the screen clears that flag', async () => {
    const other = view();
    const { actor } = await start([other]);
    actor.send({ type: 'SET_UNSAVED_DATA', value: true });
    actor.send({ type: 'SELECT', id: other.preferenceId });
    expect(actor.getSnapshot().matches({ ready: 'confirmingSwitch' })).toBe(true);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'SET_UNSAVED_DATA', value: false });
    actor.send({ type: 'SELECT', id: other.preferenceId });
    expect(actor.getSnapshot().context.currentId).toBe(other.preferenceId);
  });
});

describe('saved views: creating', () => {
  it('saves the current layout under a trimmed name; the new view goes to the top and becomes current', async () => {
    const older = view({ isDefault: true });
    const { actor, ctx, server, settled } = await start([older]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    actor.send({ type: 'OPEN_CREATE' });
    expect(actor.getSnapshot().matches({ ready: 'naming' })).toBe(true);
    actor.send({ type: 'CREATE', name: '  Location column  ', shareScope: 'private' });
    expect(actor.getSnapshot().matches({ ready: 'creating' })).toBe(true);
    await settled();
    expect(server.calls.at(-1)).toEqual({
      effect: 'createView',
      input: {
        preferenceKey: 'inventory',
        name: 'Location column',
        isDefault: false,
        value: JSON.stringify(withLocation),
        category: null,
        shareScope: 'private',
        publicPreferenceId: null,
      },
    });
    const created = ctx().views[0]!;
    expect(ids(ctx().views)).toEqual([created.preferenceId, older.preferenceId]);
    expect(ctx()).toMatchObject({ currentId: created.preferenceId, layout: withLocation, pending: null });
    expect(hasUnsavedView(ctx())).toBe(false);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(server.succeeded).toEqual([{ operation: 'create', viewName: 'Location column' }]);
  });

  it('a public view is shared with the current customer', async () => {
    const { actor, server, settled, ctx } = await start([]);
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CREATE', name: 'Team view', shareScope: 'public' });
    await settled();
    expect(server.calls.at(-1)?.input).toMatchObject({ shareScope: 'public', publicPreferenceId: CUSTOMER });
    expect(myViewsOf(ctx())[0]).toMatchObject({ name: 'Team view', shareScope: 'public' });
  });

  it('refuses an empty or too long name and a public view without a customer, without calling the server', async () => {
    const { actor, server } = await start([], { publicPreferenceId: null });
    actor.send({ type: 'OPEN_CREATE' });
    for (const event of [
      { type: 'CREATE', name: '   ', shareScope: 'private' },
      { type: 'CREATE', name: 'x'.repeat(101), shareScope: 'private' },
      { type: 'CREATE', name: 'Shared', shareScope: 'public' },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
      actor.send(event);
    }
    expect(actor.getSnapshot().matches({ ready: 'naming' })).toBe(true);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('a new view is only created from the name dialog, and closing the dialog creates nothing', async () => {
    const { actor, server } = await start([]);
    expect(actor.getSnapshot().can({ type: 'CREATE', name: 'Direct', shareScope: 'private' })).toBe(false);
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CLOSE_CREATE' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('a failed create keeps the dialog open, the list and the layout as they were, and reports the error', async () => {
    const current = view({ isDefault: true });
    const { actor, ctx, server, settled } = await start([current]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    server.fail('createView');
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CREATE', name: 'Tiles', shareScope: 'private' });
    await settled();
    expect(actor.getSnapshot().matches({ ready: 'naming' })).toBe(true);
    expect(ctx()).toMatchObject({ currentId: current.preferenceId, layout: tiles, pending: null });
    expect(ids(ctx().views)).toEqual([current.preferenceId]);
    expect(ctx().error).toMatchObject({ operation: 'create', viewName: 'Tiles' });
    expect(server.failed).toHaveLength(1);
    server.recover('createView');
    actor.send({ type: 'CREATE', name: 'Tiles', shareScope: 'private' });
    await settled();
    expect(ctx().error).toBeNull();
    expect(ctx().views).toHaveLength(2);
  });
});

describe('saved views: updating', () => {
  it('the owner saves the changed layout into the current view, keeping its name, default flag and category', async () => {
    const current = view({ isDefault: true, name: 'Calibration' });
    const { actor, ctx, server, settled } = await start([current]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    actor.send({ type: 'UPDATE' });
    expect(actor.getSnapshot().matches({ ready: 'updating' })).toBe(true);
    await settled();
    expect(server.calls.at(-1)).toEqual({
      effect: 'updateView',
      input: {
        preferenceId: current.preferenceId,
        name: 'Calibration',
        value: JSON.stringify(tiles),
        isDefault: true,
        category: null,
      },
    });
    expect(ctx().savedLayout).toEqual(tiles);
    expect(hasUnsavedView(ctx())).toBe(false);
    expect(showsUpdateReminder(ctx())).toBe(false);
    expect(server.succeeded).toEqual([{ operation: 'update', viewName: 'Calibration' }]);
  });

  it("nobody updates the initial layout or another user's public view, not even an admin", async () => {
    const theirs = publicView({ userId: OTHER });
    const { actor, server } = await start([theirs], { isAdmin: true });
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    expect(actor.getSnapshot().can({ type: 'UPDATE' })).toBe(false);
    actor.send({ type: 'SELECT', id: theirs.preferenceId });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    expect(showsUpdateReminder(actor.getSnapshot().context)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'UPDATE' })).toBe(false);
    actor.send({ type: 'UPDATE' });
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('a change made while the update is on its way stays unsaved', async () => {
    const { actor, ctx, server, settled } = await start([view({ isDefault: true })]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    server.hold('updateView');
    actor.send({ type: 'UPDATE' });
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    server.release('updateView');
    await settled();
    expect(ctx()).toMatchObject({ layout: withLocation, savedLayout: tiles });
    expect(showsUpdateReminder(ctx())).toBe(true);
  });

  it('a failed update keeps the changed layout, still unsaved, and reports the error', async () => {
    const current = view({ isDefault: true, name: 'Calibration' });
    const { actor, ctx, server, settled } = await start([current]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    server.fail('updateView');
    actor.send({ type: 'UPDATE' });
    await settled();
    expect(ctx()).toMatchObject({ layout: tiles, savedLayout: byManufacturer });
    expect(ctx().views[0]).toEqual(current);
    expect(hasUnsavedView(ctx())).toBe(true);
    expect(ctx().error).toMatchObject({ operation: 'update', viewName: 'Calibration' });
  });
});

describe('saved views: sharing', () => {
  it('the owner makes a private view public for the customer, and private again', async () => {
    const mine = view();
    const { actor, ctx, server, settled } = await start([mine]);
    actor.send({ type: 'SHARE', id: mine.preferenceId, shareScope: 'public' });
    await settled();
    expect(server.calls.at(-1)).toEqual({
      effect: 'shareView',
      input: { preferenceId: mine.preferenceId, shareScope: 'public', publicPreferenceId: CUSTOMER },
    });
    expect(ctx().views[0]).toMatchObject({ shareScope: 'public', publicPreferenceId: CUSTOMER });
    actor.send({ type: 'SHARE', id: mine.preferenceId, shareScope: 'private' });
    await settled();
    expect(server.calls.at(-1)?.input).toEqual({
      preferenceId: mine.preferenceId,
      shareScope: 'private',
      publicPreferenceId: null,
    });
    expect(ctx().views[0]).toMatchObject({ shareScope: 'private' });
    expect(server.succeeded).toEqual([
      { operation: 'share', viewName: mine.name, shareScope: 'public' },
      { operation: 'share', viewName: mine.name, shareScope: 'private' },
    ]);
  });

  it("an ordinary user cannot share the own default view nor change another user's view", async () => {
    const preferred = view({ isDefault: true });
    const theirs = publicView({ userId: OTHER });
    const { actor, server } = await start([preferred, theirs]);
    for (const event of [
      { type: 'SHARE', id: preferred.preferenceId, shareScope: 'public' },
      { type: 'SHARE', id: theirs.preferenceId, shareScope: 'private' },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
      actor.send(event);
    }
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('asking for the scope a view already has, or sharing without a customer, calls nothing', async () => {
    const mine = view();
    const { actor, server } = await start([mine], { publicPreferenceId: null });
    expect(actor.getSnapshot().can({ type: 'SHARE', id: mine.preferenceId, shareScope: 'private' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SHARE', id: mine.preferenceId, shareScope: 'public' })).toBe(false);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it("an admin makes another user's public view private; it leaves the admin's list, and if current the initial layout returns", async () => {
    const theirs = publicView({ userId: OTHER, layout: tiles });
    const { actor, ctx, server, settled } = await start([theirs], { isAdmin: true });
    actor.send({ type: 'SELECT', id: theirs.preferenceId });
    expect(actor.getSnapshot().can({ type: 'SHARE', id: theirs.preferenceId, shareScope: 'public' })).toBe(false);
    actor.send({ type: 'SHARE', id: theirs.preferenceId, shareScope: 'private' });
    await settled();
    expect(server.effects()).toEqual(['loadViews', 'shareView']);
    expect(ctx()).toMatchObject({ views: [], currentId: -1, layout: INITIAL });
    expect(server.succeeded).toEqual([{ operation: 'share', viewName: theirs.name, shareScope: 'private' }]);
  });

  it('a failed share keeps the scope and reports the error', async () => {
    const mine = view();
    const { actor, ctx, server, settled } = await start([mine]);
    server.fail('shareView');
    actor.send({ type: 'SHARE', id: mine.preferenceId, shareScope: 'public' });
    await settled();
    expect(ctx().views[0]).toEqual(mine);
    expect(ctx().error).toMatchObject({ operation: 'share', viewName: mine.name });
  });
});

describe('saved views: the default view', () => {
  it('makes an own view the default (the previous one is no longer), and -1 clears the default', async () => {
    const first = view({ isDefault: true });
    const second = view();
    const { actor, ctx, server, settled } = await start([first, second]);
    actor.send({ type: 'SET_DEFAULT', id: second.preferenceId });
    await settled();
    expect(server.calls.at(-1)).toEqual({
      effect: 'setDefaultView',
      input: { preferenceId: second.preferenceId, preferenceKey: 'inventory' },
    });
    expect(ctx().views.map((v) => v.isDefault)).toEqual([false, true]);
    actor.send({ type: 'SET_DEFAULT', id: -1 });
    await settled();
    expect(server.calls.at(-1)?.input).toEqual({ preferenceId: -1, preferenceKey: 'inventory' });
    expect(ctx().views.map((v) => v.isDefault)).toEqual([false, false]);
    expect(server.succeeded).toEqual([
      { operation: 'setDefault', viewName: second.name },
      { operation: 'setDefault', viewName: null },
    ]);
  });

  it("does not call for the view that already is the default, nor for another user's view", async () => {
    const preferred = view({ isDefault: true });
    const theirs = publicView({ userId: OTHER });
    const { actor, server } = await start([preferred, theirs], { isAdmin: true });
    expect(actor.getSnapshot().can({ type: 'SET_DEFAULT', id: preferred.preferenceId })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SET_DEFAULT', id: theirs.preferenceId })).toBe(false);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('-1 is already the default when no own view is', async () => {
    const { actor } = await start([view()]);
    expect(actor.getSnapshot().can({ type: 'SET_DEFAULT', id: -1 })).toBe(false);
  });

  it('a failed change keeps the default where it was', async () => {
    const first = view({ isDefault: true });
    const second = view();
    const { actor, ctx, server, settled } = await start([first, second]);
    server.fail('setDefaultView');
    actor.send({ type: 'SET_DEFAULT', id: second.preferenceId });
    await settled();
    expect(ctx().views.map((v) => v.isDefault)).toEqual([true, false]);
    expect(ctx().error).toMatchObject({ operation: 'setDefault' });
  });
});

describe('saved views: deleting and hiding', () => {
  it('deleting asks first; cancelling keeps the view', async () => {
    const mine = view();
    const { actor, ctx, server } = await start([mine]);
    actor.send({ type: 'REMOVE', id: mine.preferenceId });
    expect(actor.getSnapshot().matches({ ready: 'confirmingRemove' })).toBe(true);
    expect(ctx().pending).toEqual({ kind: 'remove', id: mine.preferenceId });
    actor.send({ type: 'CANCEL' });
    expect(ctx().views).toHaveLength(1);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('the owner deletes an own view that is not current; the current view stays', async () => {
    const current = view({ isDefault: true });
    const mine = view();
    const { actor, ctx, server, settled } = await start([current, mine]);
    actor.send({ type: 'LAYOUT_CHANGED', layout: tiles });
    actor.send({ type: 'REMOVE', id: mine.preferenceId });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(server.calls.at(-1)).toEqual({ effect: 'removeView', input: { id: mine.preferenceId } });
    expect(ids(ctx().views)).toEqual([current.preferenceId]);
    expect(ctx()).toMatchObject({ currentId: current.preferenceId, layout: tiles });
    expect(server.succeeded).toEqual([{ operation: 'remove', viewName: mine.name }]);
  });

  it('deleting the current view returns to the initial layout', async () => {
    const mine = view({ layout: tiles });
    const { actor, ctx, settled } = await start([mine]);
    actor.send({ type: 'SELECT', id: mine.preferenceId });
    actor.send({ type: 'REMOVE', id: mine.preferenceId });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(ctx()).toMatchObject({ views: [], currentId: -1, layout: INITIAL, savedLayout: INITIAL });
    expect(hasUnsavedView(ctx())).toBe(false);
  });

  it("an ordinary user deletes neither the own default view nor another user's public view", async () => {
    const preferred = view({ isDefault: true });
    const theirs = publicView({ userId: OTHER });
    const { actor } = await start([preferred, theirs]);
    expect(actor.getSnapshot().can({ type: 'REMOVE', id: preferred.preferenceId })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'REMOVE', id: theirs.preferenceId })).toBe(false);
  });

  it("an admin deletes another user's public view", async () => {
    const theirs = publicView({ userId: OTHER });
    const { actor, ctx, server, settled } = await start([theirs], { isAdmin: true });
    actor.send({ type: 'REMOVE', id: theirs.preferenceId });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(server.effects()).toEqual(['loadViews', 'removeView']);
    expect(ctx().views).toEqual([]);
  });

  it("a user hides another user's public view after confirming; hiding the current view returns to the initial layout", async () => {
    const theirs = publicView({ userId: OTHER, layout: tiles });
    const { actor, ctx, server, settled } = await start([theirs]);
    actor.send({ type: 'SELECT', id: theirs.preferenceId });
    actor.send({ type: 'HIDE', id: theirs.preferenceId });
    expect(actor.getSnapshot().matches({ ready: 'confirmingHide' })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(server.calls.at(-1)).toEqual({ effect: 'hideView', input: { id: theirs.preferenceId } });
    expect(ctx()).toMatchObject({ views: [], currentId: -1, layout: INITIAL });
    expect(server.succeeded).toEqual([{ operation: 'hide', viewName: theirs.name }]);
  });

  it('own views cannot be hidden, and a hidden view asks nothing more when cancelled', async () => {
    const mine = publicView();
    const theirs = publicView({ userId: OTHER });
    const { actor, ctx, server } = await start([mine, theirs]);
    expect(actor.getSnapshot().can({ type: 'HIDE', id: mine.preferenceId })).toBe(false);
    actor.send({ type: 'HIDE', id: theirs.preferenceId });
    actor.send({ type: 'CANCEL' });
    expect(ctx().views).toHaveLength(2);
    expect(server.effects()).toEqual(['loadViews']);
  });

  it('a failed delete or hide keeps the list and the current view, and reports the error', async () => {
    const mine = view({ layout: tiles });
    const theirs = publicView({ userId: OTHER });
    const { actor, ctx, server, settled } = await start([mine, theirs]);
    actor.send({ type: 'SELECT', id: mine.preferenceId });
    server.fail('removeView');
    server.fail('hideView');
    actor.send({ type: 'REMOVE', id: mine.preferenceId });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(ctx().error).toMatchObject({ operation: 'remove', viewName: mine.name });
    actor.send({ type: 'HIDE', id: theirs.preferenceId });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(ctx().error).toMatchObject({ operation: 'hide', viewName: theirs.name });
    expect(ctx()).toMatchObject({ currentId: mine.preferenceId, layout: tiles });
    expect(ids(ctx().views)).toEqual([mine.preferenceId, theirs.preferenceId]);
    expect(server.failed.map((e) => e.operation)).toEqual(['remove', 'hide']);
  });
});

describe('saved views: one call at a time', () => {
  it('while a call runs, switching, creating and other calls wait; the layout still follows the grid', async () => {
    const current = view({ isDefault: true });
    const other = view({ layout: tiles });
    const { actor, ctx, server, settled } = await start([current, other]);
    server.hold('setDefaultView');
    actor.send({ type: 'SET_DEFAULT', id: other.preferenceId });
    expect(actor.getSnapshot().matches({ ready: 'settingDefault' })).toBe(true);
    for (const event of [
      { type: 'SELECT', id: other.preferenceId },
      { type: 'OPEN_CREATE' },
      { type: 'UPDATE' },
      { type: 'REMOVE', id: other.preferenceId },
      { type: 'SHARE', id: other.preferenceId, shareScope: 'public' },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    actor.send({ type: 'LAYOUT_CHANGED', layout: withLocation });
    expect(ctx().layout).toEqual(withLocation);
    server.release('setDefaultView');
    await settled();
    expect(ctx()).toMatchObject({ currentId: current.preferenceId, layout: withLocation });
  });
});

describe('saved views: model-based paths', () => {
  const machine = createSavedViewMachine<Layout>();
  type Snapshot = SnapshotFrom<typeof machine>;
  const CREATED_ID = 900;
  const preferred = view({ isDefault: true, name: 'Preferred' });
  const spare = view({ name: 'Spare', layout: tiles });
  const theirs = publicView({ userId: OTHER, name: 'Theirs', layout: withLocation });
  const FIXTURE = [preferred, spare, theirs];
  const input = {
    preferenceKey: 'inventory',
    userId: ME,
    isAdmin: false,
    publicPreferenceId: CUSTOMER,
    initialLayout: INITIAL,
  };

  /** What a path asserts at each step: the state, whether the layout is unsaved, the view and the list size. */
  const observed = (s: Snapshot) =>
    JSON.stringify([s.value, hasUnsavedView(s.context), s.context.currentId === -1, s.context.views.length]);

  const done = (id: Effect, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as SavedViewEvent<Layout>;
  const error = (id: Effect) =>
    ({ type: `xstate.error.actor.${id}`, error: new Error(id) }) as unknown as SavedViewEvent<Layout>;
  const answers = (id: Effect, output: unknown) => [done(id, output), error(id)];

  /** One sample event per equivalence class: a permitted and a refused payload of each event. */
  function events(s: Snapshot): SavedViewEvent<Layout>[] {
    const ctx = s.context;
    const pending = ctx.pending as (PendingAction & { id?: number }) | null;
    const pendingView = pending?.id !== undefined ? ctx.views.find((v) => v.preferenceId === pending.id) : undefined;
    if (s.matches('loading')) return answers('loadViews', FIXTURE);
    if (s.matches({ ready: 'creating' }) && pending?.kind === 'create')
      return answers('createView', {
        ...view({ name: pending.name, shareScope: pending.shareScope, layout: ctx.layout }),
        preferenceId: CREATED_ID,
      });
    if (s.matches({ ready: 'updating' }))
      return answers('updateView', { ...currentViewOf(ctx)!, value: JSON.stringify(ctx.layout) });
    if (s.matches({ ready: 'sharing' }) && pending?.kind === 'share')
      return answers('shareView', { ...pendingView!, shareScope: pending.shareScope });
    if (s.matches({ ready: 'settingDefault' })) return answers('setDefaultView', null);
    if (s.matches({ ready: 'removing' })) return answers('removeView', null);
    if (s.matches({ ready: 'hiding' })) return answers('hideView', null);
    const own = ctx.views.find((v) => v.userId === ME && !v.isDefault);
    const ownDefault = ctx.views.find((v) => v.userId === ME && v.isDefault);
    const others = ctx.views.find((v) => v.userId !== ME);
    const ids = (v: SavedView | undefined) => (v ? [v.preferenceId] : []);
    return [
      { type: 'RETRY' },
      { type: 'LAYOUT_CHANGED', layout: withLocation },
      { type: 'RESTORE', start: { viewId: spare.preferenceId, layout: { mode: 'grid' } } },
      { type: 'RESTORE', start: null },
      ...[-1, ...ids(own), 99_999].map((id) => ({ type: 'SELECT' as const, id })),
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'OPEN_CREATE' },
      { type: 'CLOSE_CREATE' },
      { type: 'CREATE', name: 'Made in a path', shareScope: 'private' },
      { type: 'CREATE', name: '  ', shareScope: 'private' },
      { type: 'UPDATE' },
      ...ids(own).map((id) => ({ type: 'SHARE' as const, id, shareScope: 'public' as const })),
      ...ids(others).map((id) => ({ type: 'SHARE' as const, id, shareScope: 'private' as const })),
      ...[...ids(own), ...ids(others)].map((id) => ({ type: 'SET_DEFAULT' as const, id })),
      ...[...ids(own), ...ids(ownDefault)].map((id) => ({ type: 'REMOVE' as const, id })),
      ...[...ids(others), ...ids(own)].map((id) => ({ type: 'HIDE' as const, id })),
    ];
  }

  const paths = getShortestPaths(machine, { input, events, serializeState: observed });

  const leafStates = (node: AnyStateNode, prefix: string[] = []): string[] =>
    Object.values(node.states).flatMap((child) => {
      const path = [...prefix, child.key];
      return Object.keys(child.states).length === 0 ? [path.join('.')] : leafStates(child, path);
    });
  const stateOf = (s: Snapshot) =>
    typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]!;

  it('the sample events reach every state of the machine', () => {
    const reached = new Set(paths.map((p) => stateOf(p.state)));
    expect([...reached].sort()).toEqual(leafStates(machine.root).sort());
  });

  for (const path of paths) {
    const description = path.steps
      .slice(1)
      .map((step) => step.event.type.replace('xstate.', ''))
      .join(' → ');
    it(`${stateOf(path.state)}: ${description || 'start'}`, async () => {
      const server = fakeServer(FIXTURE, () => CREATED_ID);
      (
        ['loadViews', 'createView', 'updateView', 'shareView', 'setDefaultView', 'removeView', 'hideView'] as const
      ).forEach(server.hold);
      actor = createActor(server.machine, { input }).start();
      for (const step of path.steps.slice(1)) {
        const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
        const effect = answer?.[2] as Effect | undefined;
        if (effect) {
          if (answer![1] === 'error') server.fail(effect);
          await server.answer(effect);
        } else {
          actor.send(step.event);
        }
        const expected = observed(step.state);
        await waitFor(actor, (s) => observed(s) === expected, { timeout: 1_000 });
        if (effect) server.recover(effect);
      }
    });
  }
});

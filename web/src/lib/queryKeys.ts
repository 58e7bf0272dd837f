type KeyParts = Record<string, (...args: never[]) => readonly unknown[]>;

type KeySet<Root extends string, Parts extends KeyParts> = {
  /** Every query of the resource: what a change to it makes stale. */
  readonly all: readonly [Root];
} & {
  readonly [Name in keyof Parts]: (
    ...args: Parameters<Parts[Name]>
  ) => readonly [Root, Name, ...ReturnType<Parts[Name]>];
};

/**
 * The one factory of query keys: `queryKeys('equipment', { detail: (id: number) => [id] })` gives
 * `keys.all` (`['equipment']`) and `keys.detail(7)` (`['equipment', 'detail', 7]`). Every key of a resource starts
 * with its root, so invalidating `keys.all` (as the domain-event fold does) reaches every query of it.
 */
export function queryKeys<const Root extends string, const Parts extends KeyParts>(
  root: Root,
  parts: Parts,
): KeySet<Root, Parts> {
  const set: Record<string, unknown> = { all: [root] as const };
  for (const [name, part] of Object.entries(parts)) {
    set[name] = (...args: never[]) => [root, name, ...part(...args)] as const;
  }
  return set as KeySet<Root, Parts>;
}

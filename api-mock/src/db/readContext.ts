import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How the queries of one request may be routed (readRouting.ts). Outside any context every query goes to the
 * primary: the hooks before a handler (session, access, page checks) always read the primary.
 */
export interface ReadContext {
  /** The handler only reads (a list, a detail, an export, suggestions): a replica may answer. */
  readonly replica: boolean;
  /** The session's last write: a replica must have replayed this far (null: the session has not written). */
  readonly minLsn: bigint | null;
  /** Set once a query wrote, or a replica refused a write: the rest of the request stays on the primary. */
  primaryOnly: boolean;
  /** A query of this request changed the primary: its position is kept with the session afterwards. */
  wrote: boolean;
}

const store = new AsyncLocalStorage<ReadContext>();

export const readContext = (): ReadContext | undefined => store.getStore();

export function withReadContext<T>(context: Omit<ReadContext, 'primaryOnly' | 'wrote'>, fn: () => T): [T, ReadContext] {
  const ctx: ReadContext = { ...context, primaryOnly: false, wrote: false };
  return [store.run(ctx, fn), ctx];
}

/** A write-ahead log position as PostgreSQL writes it (`16/B374D848`), as a number; null for none or a bad text. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

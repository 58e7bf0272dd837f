import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Events read per query while the chains are walked: memory stays bounded whatever the log's size. */
const VERIFY_BATCH = 5_000;

/** The key of an event's chain: its customer, or 0 for the events without one. */
export const chainKeyOf = (customerId: number | null) => customerId ?? 0;

/** An event's fields as the database prints them: what its chain hash covers (see migration 055). */
export interface ChainedEventText {
  id: string;
  position: string;
  customerId: string | null;
  actorId: string | null;
  entityType: string;
  entityId: string;
  eventType: string;
  /** The payload as jsonb prints it (keys in jsonb's order). */
  payload: string;
  /** UTC to the microsecond: 2026-03-02T10:15:00.123456Z. */
  time: string;
}

/** One field of the canonical text: its length in UTF-8 bytes, ":" and the text; "-" for none. */
const field = (value: string | null) => (value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/** sha256(previous hash ‖ canonical text), as the database's event_chain_hash computes it. */
export function chainHash(previous: Buffer | null, event: ChainedEventText): Buffer {
  const text = [
    event.id,
    event.position,
    event.customerId,
    event.actorId,
    event.entityType,
    event.entityId,
    event.eventType,
    event.payload,
    event.time,
  ]
    .map(field)
    .join('\n');
  return createHash('sha256')
    .update(previous ?? Buffer.alloc(0))
    .update(text, 'utf8')
    .digest();
}

/** Where a chain breaks: the first event whose position or hash is not what the chain before it says. */
export interface ChainBreak {
  customerId: number | null;
  position: number;
  eventId: number;
  /** What differs, in words. */
  reason: string;
  expected: string;
  found: string;
}

export type ChainVerification =
  { ok: true; verified: number; chains: number } | { ok: false; verified: number; chains: number; broken: ChainBreak };

interface Row {
  id: string;
  chain_key: number;
  chain_position: number;
  customer_id: string | null;
  actor_id: string | null;
  entity_type: string;
  entity_id: string;
  event_type: string;
  payload: string;
  time: string;
  hash: string;
}

const batchAfter = (db: Kysely<Database>, key: number, position: number) =>
  sql<Row>`select id::text as id, coalesce(customer_id, 0) as chain_key, chain_position,
      customer_id::text as customer_id, actor_id::text as actor_id, entity_type, entity_id, event_type,
      payload::text as payload, to_char(time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time,
      encode(chain_hash, 'hex') as hash
    from events
    where (coalesce(customer_id, 0), chain_position) > (${key}, ${position})
    order by coalesce(customer_id, 0), chain_position
    limit ${VERIFY_BATCH}`.execute(db);

/**
 * Walk every chain in order, `VERIFY_BATCH` events at a time, and recompute each event's hash from its stored
 * content and the hash of the event before it. Stops at the first break: a chain that does not start at position 1
 * or skips a position (events removed), or a hash that does not match (an event changed, or moved, after it was
 * written). Detects neither the removal of a chain's newest events nor a chain rewritten as a whole: for those,
 * keep the heads' hashes somewhere else and compare.
 */
export async function verifyEventChains(
  db: Kysely<Database>,
  onProgress?: (verified: number) => void,
): Promise<ChainVerification> {
  let verified = 0;
  let chains = 0;
  let key = -1;
  let position = 0;
  let previous: Buffer | null = null;
  for (;;) {
    const { rows } = await batchAfter(db, key, position);
    for (const row of rows) {
      const customerId = row.customer_id === null ? null : Number(row.customer_id);
      const where = { customerId, position: Number(row.chain_position), eventId: Number(row.id) };
      if (Number(row.chain_key) !== key) {
        key = Number(row.chain_key);
        position = 0;
        previous = null;
        chains++;
      }
      if (where.position !== position + 1) {
        const broken: ChainBreak = {
          ...where,
          reason:
            position === 0
              ? 'the chain does not start at position 1: its first events were removed'
              : `position ${position + 1} is missing: an event was removed or moved`,
          expected: `position ${position + 1}`,
          found: `position ${where.position}`,
        };
        return { ok: false, verified, chains, broken };
      }
      const hash = chainHash(previous, {
        id: row.id,
        position: String(row.chain_position),
        customerId: row.customer_id,
        actorId: row.actor_id,
        entityType: row.entity_type,
        entityId: row.entity_id,
        eventType: row.event_type,
        payload: row.payload,
        time: row.time,
      });
      if (hash.toString('hex') !== row.hash) {
        const broken: ChainBreak = {
          ...where,
          reason:
            'the stored hash does not match the event: its content, its place in the chain or the event before it was changed after it was written',
          expected: hash.toString('hex'),
          found: row.hash,
        };
        return { ok: false, verified, chains, broken };
      }
      previous = hash;
      position = where.position;
      verified++;
    }
    onProgress?.(verified);
    if (rows.length < VERIFY_BATCH) return { ok: true, verified, chains };
  }
}

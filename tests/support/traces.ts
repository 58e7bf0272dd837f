import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';

/**
 * Counts what calls leave behind: the rows of some tables (under names of the caller's choosing) and the domain
 * events of one entity type.
 */
export function traceCounts<K extends string>(
  db: () => Kysely<Database>,
  tables: Record<K, keyof Database>,
  eventEntityType: string,
) {
  const count = async (table: keyof Database, entityType?: string) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as('n'))
          .$if(entityType !== undefined, (q) => q.where('entity_type' as never, '=', entityType as never))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return async (): Promise<Record<K | 'events', number>> => {
    const counts = {} as Record<K | 'events', number>;
    for (const [name, table] of Object.entries(tables) as [K, keyof Database][]) counts[name] = await count(table);
    counts.events = await count('events', eventEntityType);
    return counts;
  };
}

/** Runs a refused call and checks that it left nothing behind. */
export async function leavesNoTrace<T>(counts: () => Promise<object>, call: () => Promise<T>): Promise<T> {
  const before = await counts();
  const res = await call();
  expect(await counts()).toEqual(before);
  return res;
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { containsPattern } from '../lib/like';

/** Distinct makes or models of a customer's equipment containing the keyword, in order (autocomplete). */
export async function distinctEquipmentNames(
  db: Kysely<Database>,
  opts: { customerId: number; column: 'mfg' | 'model'; keyword: string; count: number; mfg?: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('equipment')
    .select(`${opts.column} as name`)
    .distinct()
    .where('customer_id', '=', opts.customerId)
    .where(opts.column, 'ilike', containsPattern(opts.keyword))
    .$if(opts.mfg !== undefined, (qb) => qb.where('mfg', '=', opts.mfg!))
    .orderBy('name')
    .limit(opts.count)
    .execute();
  return rows.map((r) => r.name);
}

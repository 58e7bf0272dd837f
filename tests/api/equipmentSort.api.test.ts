import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OrderType } from '../../contract/listQuery';
import { orderBy } from '../../api-mock/src/lib/listQuerySql';
import { equipmentInScopeOnly } from '../../api-mock/src/equipment/queries';
import { CUSTOMER_INDEXED_COLUMNS, EQUIPMENT_FIELDS, equipmentOrder } from '../../api-mock/src/equipment/fields';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/**
 * A page of the inventory sorted by a column is read along that column's index (migrations 038 and 039), in both
 * directions, instead of sorting every instrument of the list: at a million instruments that is a millisecond
 * instead of a second. The list sorts blanks first ascending and last descending, so the index must hold them first;
 * ties are put in id order, ascending or descending as the column is, so the index ends with the id.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let scope: { customerId: number; userId: number; isFollowed: true; listType: 'inventory' };
const db = () => server.database.db;

beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  const row = await db()
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  scope = { customerId: row.customer_id, userId: row.id, isFollowed: true, listType: 'inventory' };
  // Blanks in the sorted column, so their place in the order is tested too.
  await sql`update equipment set serial = null where customer_id = ${row.customer_id} and id % 9 = 0`.execute(db());
});
afterAll(() => server.close());

/** The list field of each indexed equipment column. */
const SORTED_FIELDS = CUSTOMER_INDEXED_COLUMNS.map((column) => {
  const found = Object.entries(EQUIPMENT_FIELDS).find(([, f]) => f.column === `equipment.${column}`);
  if (!found) throw new Error(`no list field for ${column}`);
  return [found[0], column] as const;
});

/** The plan of a sorted first page as the list route asks for it, with the sequential scan ruled out. */
async function planOfPage(field: string, orderType: (typeof OrderType)[keyof typeof OrderType]) {
  return db()
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const query = equipmentInScopeOnly(trx, scope)
        .select('equipment.id')
        .orderBy(orderBy(EQUIPMENT_FIELDS, equipmentOrder([{ field, orderType }]), 'equipment.id') as never)
        .limit(30)
        .compile();
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...query,
        sql: `explain (costs off) ${query.sql}`,
      });
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
}

describe('POST Equipment/list sorted by a column', () => {
  it.each(SORTED_FIELDS)('%s: a page is read along its index in both directions, not sorted', async (field, column) => {
    for (const orderType of [OrderType.Ascending, OrderType.Descending]) {
      const plan = await planOfPage(field, orderType);
      expect(plan, `${field} ${orderType}`).toMatch(
        new RegExp(`Index Scan (Backward )?using equipment_customer_${column} `),
      );
      // Ties come in id order from the index too (migration 039): neither the list nor a value's rows are sorted.
      expect(plan, `${field} ${orderType}`).not.toMatch(/Sort\b/);
    }
  });

  it('blanks come first ascending and last descending, ties by id in the same direction, as plain SQL orders them', async () => {
    const expected = async (direction: 'asc nulls first, id asc' | 'desc nulls last, id desc') =>
      (
        await sql<{ id: number }>`select id from equipment
          where customer_id = ${scope.customerId} and not is_hidden and follower_ids @> array[${scope.userId}]::integer[]
          order by serial ${sql.raw(direction)} limit 40`.execute(db())
      ).rows.map((r) => r.id);
    for (const [orderType, direction] of [
      [OrderType.Ascending, 'asc nulls first, id asc'],
      [OrderType.Descending, 'desc nulls last, id desc'],
    ] as const) {
      const page = resultOf<{ items: { equipmentId: number }[] }>(
        await user.equipment.list({
          body: {
            pageIndex: 0,
            pageSize: 40,
            isFollowed: true,
            listType: 'inventory',
            filterSettings: [],
            orderSettings: [{ field: 'serial', orderType }],
          },
        }),
      );
      expect(page.items.map((i) => i.equipmentId)).toEqual(await expected(direction));
    }
  });

  it('sorted by contract category, the instruments of each category are sorted by contract status, as plain SQL orders them', async () => {
    // Two categories, each with statuses in an order the ids do not follow.
    await sql`update equipment set contract_category = case when id % 2 = 0 then 'Service' else 'Warranty' end,
        status = case id % 3 when 0 then 'INACTIVE' when 1 then 'ACTIVE' else null end
      where customer_id = ${scope.customerId}`.execute(db());
    for (const [orderType, direction] of [
      [OrderType.Ascending, 'asc nulls first'],
      [OrderType.Descending, 'desc nulls last'],
    ] as const) {
      const expected = (
        await sql<{ id: number }>`select id from equipment
          where customer_id = ${scope.customerId} and not is_hidden and follower_ids @> array[${scope.userId}]::integer[]
          order by contract_category ${sql.raw(direction)}, status ${sql.raw(direction)},
            id ${sql.raw(orderType === OrderType.Ascending ? 'asc' : 'desc')} limit 40`.execute(db())
      ).rows.map((r) => r.id);
      const page = resultOf<{ items: { equipmentId: number; status: string | null }[] }>(
        await user.equipment.list({
          body: {
            pageIndex: 0,
            pageSize: 40,
            isFollowed: true,
            listType: 'inventory',
            filterSettings: [],
            orderSettings: [{ field: 'contractCategroy', orderType }],
          },
        }),
      );
      expect(new Set(page.items.map((i) => i.status)).size, 'statuses on the page').toBeGreaterThan(1);
      expect(page.items.map((i) => i.equipmentId)).toEqual(expected);
    }
  });

  // PGlite has no JIT compiler: the setting exists on PostgreSQL only.
  it.skipIf(!inject('pgAdminUrl'))('the server plans its PostgreSQL statements without JIT compilation', async () => {
    expect(server.database.kind).toBe('postgres');
    const { rows } = await sql<{ jit: string }>`show jit`.execute(db());
    expect(rows[0]!.jit).toBe('off');
  });
});

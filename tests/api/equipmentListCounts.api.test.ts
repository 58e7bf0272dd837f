import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment, EquipmentInput, EquipmentListQuery } from '../../contract/equipment';
import { FilterOperator } from '../../contract/listQuery';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/**
 * The total of an unfiltered inventory comes from counters kept in step by triggers (migration 037), not from a
 * count of the rows: whatever the users change, each counter must stay equal to the count it stands for.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let acmeId: number;
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  acmeId = (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => server.close());

const db = () => server.database.db;

/** Every counter beside the count it stands for, counted from the rows; equal when the counters are in step. */
async function countersAndCounts() {
  const { rows } = await sql<{ customer_id: number; follower_id: number; kept: string; counted: string }>`
    with counted as (
      select customer_id, follower_id, count(*) filter (where not is_hidden) as visible, count(*) as total
      from (select customer_id, 0 as follower_id, is_hidden from equipment
            union all select customer_id, unnest(follower_ids), is_hidden from equipment) keyed
      group by customer_id, follower_id)
    select coalesce(c.customer_id, k.customer_id) as customer_id, coalesce(c.follower_id, k.follower_id) as follower_id,
      concat(k.visible, '/', k.total) as kept, concat(c.visible, '/', c.total) as counted
    from counted c full join equipment_list_counts k using (customer_id, follower_id)
    where (k.visible is distinct from c.visible or k.total is distinct from c.total)
      -- a counter that went back to nothing may stay as a row of zeros
      and not (c.customer_id is null and k.visible = 0 and k.total = 0)`.execute(db());
  return rows;
}

const input = async (serial: string): Promise<EquipmentInput> => ({
  locationId: (
    await db()
      .selectFrom('locations')
      .select('id')
      .where('customer_id', '=', acmeId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id,
  mfg: 'Agilent',
  model: '1290 Infinity II',
  serial,
});

const inventoryBody: EquipmentListQuery = {
  pageIndex: 0,
  pageSize: 30,
  filterSettings: [],
  orderSettings: [{ field: 'serial', orderType: 0 }],
  isFollowed: true,
  listType: 'inventory',
};

async function inventoryTotal(client: InjectClient) {
  return resultOf<{ totalCount: number }>(await client.equipment.list({ body: inventoryBody })).totalCount;
}

describe('the counters behind an unfiltered inventory total', () => {
  it('hold the seeded world', async () => {
    expect(await countersAndCounts()).toEqual([]);
  });

  it('stay in step through adding, linking, unlinking, hiding, moving and deleting instruments', async () => {
    const added: number[] = [];
    for (let i = 0; i < 3; i++)
      added.push(resultOf<Equipment>(await user.equipment.create({ body: await input(`COUNT-${i}`) })).equipmentId);
    expect(await countersAndCounts()).toEqual([]);

    const before = await inventoryTotal(manager);
    expect(resultOf<null>(await manager.equipment.link({ body: added }))).toBeNull();
    expect(await inventoryTotal(manager)).toBe(before + 3);
    expect((await manager.equipment.remove({ params: { id: added[0]! } })).status).toBe(200);
    expect(await inventoryTotal(manager)).toBe(before + 2);

    await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', added[1]!).execute();
    const globex = await db().selectFrom('customers').select('id').where('id', '<>', acmeId).executeTakeFirstOrThrow();
    await db().updateTable('equipment').set({ customer_id: globex.id }).where('id', '=', added[2]!).execute();
    expect(await countersAndCounts()).toEqual([]);
    expect(await inventoryTotal(manager)).toBe(before);

    const userBefore = await inventoryTotal(user);
    expect((await user.equipment.remove({ params: { id: added[0]! } })).status).toBe(200);
    expect(await inventoryTotal(user)).toBe(userBefore - 1);
    await db().deleteFrom('equipment').where('id', 'in', added.slice(1)).execute();
    expect(await countersAndCounts()).toEqual([]);
  });

  it('answer the total that counting the rows answers', async () => {
    const userId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'user@acme-labs.example')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await db()
      .selectFrom('equipment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', acmeId)
      .where('is_hidden', '=', false)
      .where(sql<boolean>`follower_ids @> array[${userId}]::integer[]`)
      .executeTakeFirstOrThrow();
    // every instrument has a make, so this filter keeps them all and makes the server count the rows
    const filtered = { field: 'mfg', operator: FilterOperator.NotBlank, value: [] };
    const counted = resultOf<{ totalCount: number }>(
      await user.equipment.list({ body: { ...inventoryBody, filterSettings: [filtered] } }),
    ).totalCount;
    expect(counted).toBe(Number(rows.n));
    expect(await inventoryTotal(user)).toBe(counted);
  });

  it('are not touched by an edit that changes no customer, visibility or follower', async () => {
    const versions = async () =>
      (
        await sql<{ version: string }>`select string_agg(xmin::text, ',' order by customer_id, follower_id) as version
          from equipment_list_counts`.execute(db())
      ).rows[0]!.version;
    const before = await versions();
    await db().updateTable('equipment').set({ room: 'R-counted' }).where('customer_id', '=', acmeId).execute();
    expect(await versions()).toBe(before);
    expect(await countersAndCounts()).toEqual([]);
  });
});

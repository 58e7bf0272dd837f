import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_LIST_FIELDS } from '../../contract/equipment';
import { FilterOperator } from '../../contract/listQuery';
import { EQUIPMENT_FIELDS, equipmentWalk } from '../../api-mock/src/equipment/fields';
import { equipmentInScope, fullTextCondition } from '../../api-mock/src/equipment/queries';
import { suggestionPage } from '../../api-mock/src/lib/filterSuggestions';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let acmeUserId: number;
let acmeCustomerId: number;
const db = () => server.database.db;

/** Every column whose filter is a checklist of values (numbers and dates filter by a range). */
const CHECKLIST_FIELDS = Object.entries(EQUIPMENT_LIST_FIELDS)
  .filter(([, kind]) => kind === 'text' || kind === 'boolean')
  .map(([field]) => field);

beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  const user = await db()
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  acmeUserId = user.id;
  acmeCustomerId = user.customer_id;
  // Every column gets a few values, blanks of both kinds and nulls, also the ones the demo world leaves empty; the
  // two columns the test filters by keep theirs.
  for (const field of CHECKLIST_FIELDS.filter((f) => f !== 'status' && f !== 'building')) {
    const { column, type } = EQUIPMENT_FIELDS[field]!;
    if (!column.startsWith('equipment.')) continue;
    const name = sql.ref(column.replace('equipment.', ''));
    // A column that cannot be null gets no nulls.
    for (const nulls of [sql`null`, name]) {
      const value =
        type === 'boolean'
          ? sql`case when id % 13 = 0 then ${nulls} when id % 3 = 0 then id % 2 = 0 else ${name} end`
          : sql`case when id % 11 = 0 then '' when id % 13 = 0 then ${nulls} when id % 3 = 0 then 'v' || (id % 7)
              else ${name} end`;
      const updated = await sql`update equipment set ${name} = ${value} where customer_id = ${acmeCustomerId}`
        .execute(db())
        .then(
          () => true,
          () => false,
        );
      if (updated) break;
    }
  }
});
afterAll(() => server.close());

const STATUS_ACTIVE = { column: 'equipment.status', value: 'ACTIVE' };

/** A column's distinct values read from every row by plain SQL: blank (null or empty) once and first, then in order. */
async function plainSuggestions(field: string, filter: { column: string; value: string }) {
  const column = sql.ref(EQUIPMENT_FIELDS[field]!.column);
  const { rows } = await sql<{ value: string | null }>`
    select distinct nullif(${column}::text, '') as value
    from equipment join locations on locations.id = equipment.location_id
    where equipment.customer_id = ${acmeCustomerId} and not equipment.is_hidden
      and equipment.follower_ids @> array[${acmeUserId}]::integer[]
      and ${sql.ref(filter.column)} = ${filter.value}
      and equipment.search @@ to_tsquery('simple', 'a:*')
    order by 1 asc nulls first`.execute(db());
  return rows.map((r) => r.value);
}

describe('POST Equipment/FilterFields of every checklist column', () => {
  it('walks an index for every checklist column', () => {
    expect(CHECKLIST_FIELDS.filter((field) => !equipmentWalk(field).walksIndex)).toEqual([]);
  });

  it.each(CHECKLIST_FIELDS)('%s: the same values, page after page, as reading every row', async (field) => {
    const filter =
      field === 'status'
        ? { field: 'building', column: 'equipment.building', value: 'Building A' }
        : { field: 'status', column: 'equipment.status', value: 'ACTIVE' };
    const expected = await plainSuggestions(field, filter);
    expect(expected.length).toBeGreaterThan(1);
    const pageSize = 4;
    const pages: (string | null)[] = [];
    for (let pageIndex = 0; pageIndex < 3; pageIndex++) {
      const result = resultOf<Record<string, (string | null)[]>>(
        await acme.equipment.filterFields({
          body: {
            pageSize,
            pageIndex,
            selectFields: [field],
            isFollowed: true,
            listType: 'inventory',
            fullTextSearchSetting: { keyword: 'a' },
            filterSettings: [{ field: filter.field, operator: FilterOperator.In, value: [filter.value] }],
          },
        }),
      );
      pages.push(...result[field]!);
    }
    expect(pages).toEqual(expected.slice(0, 3 * pageSize));
  });

  // Few matches read their values out of the matches; beyond the cap (here 0) the column's index is walked.
  it.each(CHECKLIST_FIELDS.filter((f) => !f.startsWith('location.')))(
    '%s: the walk beyond the cap gives the same values, page after page',
    async (field) => {
      const filter = field === 'status' ? { column: 'equipment.building', value: 'Building A' } : STATUS_ACTIVE;
      const expected = await plainSuggestions(field, filter);
      const base = equipmentInScope(db(), {
        customerId: acmeCustomerId,
        userId: acmeUserId,
        isFollowed: true,
        listType: 'inventory',
      })
        .where(sql.ref(filter.column), '=', filter.value)
        .where(fullTextCondition('a')!);
      const { column, type } = EQUIPMENT_FIELDS[field]!;
      for (const countCap of [0, 10_000]) {
        const pages: (string | null)[] = [];
        for (let pageIndex = 0; pageIndex < 3; pageIndex++)
          pages.push(
            ...(await suggestionPage(db(), base, {
              column,
              type,
              ...equipmentWalk(field),
              countCap,
              pageIndex,
              pageSize: 4,
            })),
          );
        expect(pages, `cap ${countCap}`).toEqual(expected.slice(0, 12));
      }
    },
  );
});

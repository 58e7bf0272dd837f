import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { PROVIDER_EMAIL_DOMAIN, ROLE } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { appendEvent } from '../db/events';
import { hashPassword } from '../auth/password';
import { seededFaker } from '../../../tests/factories/random';
import { bulkInsert } from '../db/bulkInsert';
import { createEquipment } from '../../../tests/factories/equipment';
import { createContract } from '../../../tests/factories/contract';
import { DEMO_PASSWORD } from './demoAccounts';
import { seedCalendar } from './calendar';
import { seedServiceIntervals } from './serviceIntervals';
import { seedWorkOrders } from './workOrders';
import { grantDefaultPrivileges } from '../auth/privileges';
import { seedNotifications } from './messages';
import { seedProductMarketInfo } from './productMarketInfo';
import { seedAssetMonitoring } from './assetMonitoring';
import { seedOnboardingInvitations } from './onboarding';

export interface DemoWorldSize {
  /** Instruments of the first customer (Acme Labs); the others get a quarter each, at most OTHERS_MAX. */
  equipment: number;
  /** Extra generated users per customer, besides the named demo accounts. */
  usersPerCustomer: number;
}

/** The other customers' instruments at most: enough to show that lists keep to the caller's customer at any size. */
const OTHERS_MAX = 50_000;

export const DEFAULT_SIZE: DemoWorldSize = { equipment: 2000, usersPerCustomer: 8 };

interface CustomerSeed {
  key: string;
  name: string;
  domain: string;
  identifier: string;
  productAdding: boolean;
  /** The customer has an AssetGenius (asset monitoring) site: the utilization tab shows. */
  assetGenius?: boolean;
  cities: Array<{ city: string; country: string; address: string; state?: string; zip?: string }>;
  /** The demo accounts, with a complete profile (My account shows every field filled). */
  named: Array<{
    local: string;
    first: string;
    last: string;
    role: number;
    located: boolean;
    pe?: boolean;
    department: string;
    job: string;
  }>;
}

const CUSTOMERS: CustomerSeed[] = [
  {
    key: 'acme',
    name: 'Acme Labs',
    domain: 'acme-labs.example',
    identifier: '1000100',
    productAdding: true,
    cities: [
      { city: 'Boston', country: 'US', address: '100 Summer St', state: 'MA', zip: '02110' },
      { city: 'Cambridge', country: 'US', address: '1 Kendall Sq', state: 'MA', zip: '02139' },
      { city: 'Basel', country: 'CH', address: 'Hochbergerstrasse 60', state: 'BS', zip: '4057' },
    ],
    named: [
      {
        local: 'user',
        first: 'Uma',
        last: 'Standard',
        role: ROLE.StandardUser,
        located: true,
        department: 'Quality Control',
        job: 'QC analyst',
      },
      {
        local: 'manager',
        first: 'Mark',
        last: 'Manager',
        role: ROLE.Manager,
        located: true,
        department: 'Research',
        job: 'Lab manager',
      },
      {
        local: 'admin',
        first: 'Ada',
        last: 'Admin',
        role: ROLE.Admin,
        located: true,
        department: 'Laboratory Operations',
        job: 'Lab operations lead',
      },
      {
        local: 'new',
        first: 'Nora',
        last: 'Newcomer',
        role: ROLE.StandardUser,
        located: false,
        department: 'Biology',
        job: 'Research associate',
      },
    ],
  },
  {
    key: 'globex',
    name: 'Globex Corporation',
    domain: 'globex.example',
    identifier: '1000200',
    productAdding: true,
    assetGenius: true,
    cities: [
      { city: 'Springfield', country: 'US', address: '742 Evergreen Terrace', state: 'OR', zip: '97477' },
      { city: 'Frankfurt', country: 'DE', address: 'Mainzer Landstrasse 50', state: 'Hessen', zip: '60325' },
      { city: 'Osaka', country: 'JP', address: '2-4 Umeda, Kita-ku', state: 'Osaka', zip: '530-0001' },
    ],
    named: [
      {
        local: 'user',
        first: 'Gus',
        last: 'User',
        role: ROLE.StandardUser,
        located: true,
        department: 'Analytical Chemistry',
        job: 'Scientist',
      },
      {
        local: 'admin',
        first: 'Greta',
        last: 'Admin',
        role: ROLE.Admin,
        located: true,
        department: 'Production',
        job: 'Site administrator',
      },
    ],
  },
  {
    key: 'initech',
    name: 'Initech Pharma',
    domain: 'initech.example',
    identifier: '1000300',
    productAdding: false,
    cities: [
      { city: 'Austin', country: 'US', address: '4120 Freidrich Ln', state: 'TX', zip: '78744' },
      { city: 'Lyon', country: 'FR', address: '12 Rue de la Republique', zip: '69002' },
    ],
    named: [],
  },
  {
    key: 'provider',
    name: 'Provider Service',
    domain: PROVIDER_EMAIL_DOMAIN,
    identifier: '9000000',
    productAdding: true,
    cities: [{ city: 'Waltham', country: 'US', address: '940 Winter St', state: 'MA', zip: '02451' }],
    named: [
      {
        local: 'pe',
        first: 'Paula',
        last: 'Provider',
        role: ROLE.Admin,
        located: true,
        pe: true,
        department: 'Field Service',
        job: 'Service specialist',
      },
    ],
  },
];

/**
 * Bulk loading: the secondary indexes of the tables (and the keys no foreign key depends on) are dropped for `work`
 * and built again after it, which is much faster than keeping some sixty indexes of a million instruments in step
 * row by row. `maintenanceWorkMem` bounds the memory of each build (the search index's above all).
 */
async function withIndexesBuiltAfter(
  trx: Transaction<Database>,
  tables: string[],
  maintenanceWorkMem: string,
  work: () => Promise<void>,
) {
  // Foreign keys are checked once for the whole table when added back, not row by row; keys first, then them.
  const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.conrelid::regclass::text in (${sql.join(tables)}) and c.contype in ('p', 'u', 'f')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid
        and c.contype <> 'f')
    order by c.contype = 'f', c.conname`.execute(trx);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  for (const key of keys.toReversed())
    await sql`alter table ${sql.id(key.table)} drop constraint ${sql.id(key.name)}`.execute(trx);
  await work();
  await sql`select set_config('maintenance_work_mem', ${maintenanceWorkMem}, true)`.execute(trx);
  for (const key of keys)
    await sql`alter table ${sql.id(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      trx,
    );
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
}

/** One equipment in this many stays off each user's list, so "newly available" and linking have something to show. */
const UNLINKED_EVERY = 40;

/** Every located user's list holds the customer's equipment except a few, chosen by id so the world stays deterministic. */
async function linkUsersToEquipment(trx: Kysely<Database>) {
  // Bulk: the per-row trigger that keeps equipment.follower_ids in step is off, as the equipment was inserted with
  // its followers (followersOf).
  await sql`set local session_replication_role = replica`.execute(trx);
  await sql`insert into user_equipment (user_id, equipment_id)
    select u.id, e.id from users u join equipment e on e.customer_id = u.customer_id
    where u.location_id is not null and (e.id + u.id) % ${UNLINKED_EVERY} <> 0`.execute(trx);
  await sql`set local session_replication_role = origin`.execute(trx);
  await trx.updateTable('users').set({ has_linked_equipment: true }).where('location_id', 'is not', null).execute();
}

/** The followers linkUsersToEquipment gives equipment `id` among the located users `located` (ascending ids). */
const followersOf = (id: number, located: readonly number[]) =>
  located.filter((user) => (id + user) % UNLINKED_EVERY !== 0);

/** Rows per step of the equipment load: drawn, numbered and inserted a step at a time, so a million never sit in memory. */
const EQUIPMENT_STEP = 5_000;

/** Create the demo world once: does nothing when customers exist. Deterministic for a given size. */
const DEPARTMENTS = ['Research', 'Quality Control', 'Analytical Chemistry', 'Biology', 'Production'];
const JOB_TITLES = ['Lab technician', 'Scientist', 'Lab manager', 'QC analyst', 'Research associate', null];
const DAY_MS = 86_400_000;

/**
 * What the user lists show of a generated colleague, derived from their number rather than drawn, so the rest of
 * the world's random draws stay as they were: a department and job, the latest sign-in within two months, every
 * fifth not yet activated (never signed in) and every eighth disabled. The named demo accounts bring their own
 * department and job, and have not signed in yet.
 */
function colleagueDetails(i: number | null) {
  if (i === null)
    return { department: null, job_title: null, status_code: 1, current_login_time: null, is_active: true };
  const activated = i % 5 !== 4;
  return {
    department: DEPARTMENTS[i % DEPARTMENTS.length]!,
    job_title: JOB_TITLES[i % JOB_TITLES.length]!,
    status_code: activated ? 1 : 0,
    current_login_time: activated ? new Date(Date.now() - (((i * 37) % 60) + 1) * DAY_MS - i * 3_600_000) : null,
    is_active: i % 8 !== 7,
  };
}

export async function seedDemoWorld(
  db: Kysely<Database>,
  size: DemoWorldSize = DEFAULT_SIZE,
  opts: { maintenanceWorkMem?: string } = {},
): Promise<boolean> {
  const existing = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const f = seededFaker(20260101);
  const demoHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    // A big world takes minutes: its statements (an index of a million rows) may outlast the server's time limits.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local idle_in_transaction_session_timeout = 0`.execute(trx);
    const bulkTables = ['equipment', 'user_equipment', 'equipment_contracts'];
    await withIndexesBuiltAfter(trx, bulkTables, opts.maintenanceWorkMem ?? '128MB', async () => {
      for (const [index, seed] of CUSTOMERS.entries()) {
        const customer = await trx
          .insertInto('customers')
          .values({
            name: seed.name,
            customer_folder: seed.key,
            encrypted_id: createHash('sha256').update(`customer:${seed.identifier}`).digest('hex').slice(0, 32),
            email_domain: seed.domain,
            customer_identifier: seed.identifier,
            is_product_adding_enabled: seed.productAdding,
            has_asset_genius_site: seed.assetGenius ?? false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const locations = await trx
          .insertInto('locations')
          .values(
            seed.cities.map((c) => ({
              customer_id: customer.id,
              city: c.city,
              site_address: c.address,
              state: c.state ?? null,
              zip: c.zip ?? null,
              country_code: c.country,
            })),
          )
          .returning('id')
          .execute();
        const firstLocation = locations[0]!.id;

        const users = seed.named.map((u) => ({
          customer_id: customer.id,
          location_id: u.located ? firstLocation : null,
          email: `${u.local}@${seed.domain}`,
          password_hash: demoHash,
          first_name: u.first,
          last_name: u.last,
          role: u.role,
          is_pe_user: u.pe ?? false,
          language_code: 'en-us',
          office_phone: f.phone.number({ style: 'international' }).slice(0, 20),
          ...colleagueDetails(null),
          department: u.department as string | null,
          job_title: u.job as string | null,
        }));
        if (seed.key !== 'provider') {
          for (let i = 0; i < size.usersPerCustomer; i++) {
            const first = f.person.firstName().slice(0, 30);
            const last = f.person.lastName().slice(0, 30);
            users.push({
              customer_id: customer.id,
              location_id: f.helpers.arrayElement(locations).id,
              email: `${first}.${last}.${i}@${seed.domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
              password_hash: demoHash,
              first_name: first,
              last_name: last,
              role: f.helpers.weightedArrayElement([
                { weight: 6, value: ROLE.StandardUser },
                { weight: 3, value: ROLE.Manager },
                { weight: 1, value: ROLE.Admin },
              ]),
              is_pe_user: false,
              language_code: 'en-us',
              office_phone: f.phone.number({ style: 'international' }).slice(0, 20),
              ...colleagueDetails(i),
            });
          }
        }
        const userIds = await bulkInsert(trx, 'users', users, { returningIds: true });
        const located = userIds.filter((_, i) => users[i]!.location_id !== null).sort((a, b) => a - b);

        if (seed.key === 'provider') continue;
        const count = index === 0 ? size.equipment : Math.min(OTHERS_MAX, Math.ceil(size.equipment / 4));
        const newContracts = Array.from({ length: Math.max(1, Math.ceil(count / 20)) }, () =>
          createContract(f, { customer_id: customer.id }),
        );
        const contracts = (await bulkInsert(trx, 'contracts', newContracts, { returningIds: true })).map((id) => ({
          id,
        }));
        // The same draws in the same order as all at once; each step numbered from the sequence first, so every row
        // goes in with its followers instead of being rewritten after.
        // A step is drawn while the database still inserts the one before.
        const ids: number[] = [];
        let inserting: Promise<unknown> = Promise.resolve();
        for (let drawn = 0; drawn < count;) {
          const batch = Array.from({ length: Math.min(EQUIPMENT_STEP, count - drawn) }, () =>
            createEquipment(f, { customer_id: customer.id, location_id: f.helpers.arrayElement(locations).id }),
          );
          drawn += batch.length;
          await inserting;
          const { rows: numbers } = await sql<{ id: number }>`
            select nextval(pg_get_serial_sequence('equipment', 'id'))::int as id
            from generate_series(1, ${batch.length})`.execute(trx);
          const numbered = batch.map((row, i) => {
            const id = numbers[i]!.id;
            return { id, ...row, follower_ids: followersOf(id, located) };
          });
          ids.push(...numbered.map((r) => r.id));
          const insert = bulkInsert(trx, 'equipment', numbered);
          insert.catch(() => undefined); // awaited on the next step or after the loop
          inserting = insert;
        }
        await inserting;
        const links = ids
          .filter(() => f.datatype.boolean({ probability: 0.6 }))
          .map((equipment_id) => ({ equipment_id, contract_id: f.helpers.arrayElement(contracts).id }));
        await bulkInsert(trx, 'equipment_contracts', links);
      }
      await linkUsersToEquipment(trx);
    });
    await trx
      .insertInto('system_notification')
      .values({
        message:
          'Scheduled maintenance: the portal will be unavailable on Sunday 29 November 2026 from 06:00 to 08:00 UTC.',
        active: true,
      })
      .execute();
    await seedNotifications(trx, f);
    await seedCalendar(trx, f);
    await seedWorkOrders(trx, f);
    await seedServiceIntervals(trx);
    await seedProductMarketInfo(trx);
    await seedAssetMonitoring(trx, f);
    await seedOnboardingInvitations(trx);
    await grantDefaultPrivileges(trx);
    await appendEvent(trx, {
      customerId: null,
      actorId: null,
      entityType: 'system',
      entityId: 'demo-world',
      eventType: 'demoWorld.seeded',
      payload: size,
    });
  });
  // PGlite runs no autovacuum: without it the bulk update leaves dead rows and the planner has no statistics.
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`vacuum analyze`.execute(connection);
    await sql`reset statement_timeout`.execute(connection);
  });
  return true;
}

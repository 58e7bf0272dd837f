import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { PROVIDER_EMAIL_DOMAIN, ROLE } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { appendEvent } from '../db/events';
import { hashPassword } from '../auth/password';
import { seededFaker } from '../../../tests/factories/random';
import { createEquipment } from '../../../tests/factories/equipment';
import { createContract } from '../../../tests/factories/contract';
import { DEMO_PASSWORD } from './demoAccounts';
import { seedCalendar } from './calendar';
import { seedWorkOrders } from './workOrders';
import { grantDefaultPrivileges } from '../auth/privileges';
import { seedNotifications } from './messages';
import { seedProductMarketInfo } from './productMarketInfo';
import { seedAssetMonitoring } from './assetMonitoring';
import { seedOnboardingInvitations } from './onboarding';

export interface DemoWorldSize {
  /** Instruments of the first customer (Acme Labs); the others get a quarter each. */
  equipment: number;
  /** Extra generated users per customer, besides the named demo accounts. */
  usersPerCustomer: number;
}

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
  named: Array<{ local: string; first: string; last: string; role: number; located: boolean; pe?: boolean }>;
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
      { local: 'user', first: 'Uma', last: 'Standard', role: ROLE.StandardUser, located: true },
      { local: 'manager', first: 'Mark', last: 'Manager', role: ROLE.Manager, located: true },
      { local: 'admin', first: 'Ada', last: 'Admin', role: ROLE.Admin, located: true },
      { local: 'new', first: 'Nora', last: 'Newcomer', role: ROLE.StandardUser, located: false },
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
      { local: 'user', first: 'Gus', last: 'User', role: ROLE.StandardUser, located: true },
      { local: 'admin', first: 'Greta', last: 'Admin', role: ROLE.Admin, located: true },
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
    named: [{ local: 'pe', first: 'Paula', last: 'Provider', role: ROLE.Admin, located: true, pe: true }],
  },
];

const BATCH = 500;
/** Bind parameters of one multi-row insert: well inside PostgreSQL's limit of 65,535. */
const PARAMETERS_PER_INSERT = 60_000;

/** Rows per multi-row insert of rows like `row`: as many as the parameters allow, at most 5,000. */
const rowsPerInsert = (row: object | undefined) =>
  Math.max(1, Math.min(5_000, Math.floor(PARAMETERS_PER_INSERT / Math.max(1, Object.keys(row ?? {}).length))));

async function insertBatched<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  const batch = rowsPerInsert(rows[0]);
  for (let i = 0; i < rows.length; i += batch) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
  }
}

/**
 * Bulk loading: the secondary indexes of the tables are dropped for `work` and built again after it, which is much
 * faster than keeping some sixty indexes of a million instruments in step row by row (and than the update that
 * catches the followers up rewriting every index entry).
 */
async function withIndexesBuiltAfter(trx: Transaction<Database>, tables: string[], work: () => Promise<void>) {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  await work();
  await sql`set local maintenance_work_mem = '128MB'`.execute(trx);
  for (const index of rows) await sql.raw(index.definition).execute(trx);
}

/** One equipment in this many stays off each user's list, so "newly available" and linking have something to show. */
const UNLINKED_EVERY = 40;

/** Every located user's list holds the customer's equipment except a few, chosen by id so the world stays deterministic. */
async function linkUsersToEquipment(trx: Kysely<Database>) {
  // Bulk: the per-row trigger that keeps equipment.follower_ids in step is off for the insert, then caught up once.
  await sql`set local session_replication_role = replica`.execute(trx);
  await sql`insert into user_equipment (user_id, equipment_id)
    select u.id, e.id from users u join equipment e on e.customer_id = u.customer_id
    where u.location_id is not null and (e.id + u.id) % ${UNLINKED_EVERY} <> 0`.execute(trx);
  await sql`set local session_replication_role = origin`.execute(trx);
  // Every instrument of the new world starts without followers: one pass over the links, joined by hash.
  await sql`update equipment e set follower_ids = f.ids
    from (select equipment_id, array_agg(user_id order by user_id) as ids from user_equipment group by equipment_id) f
    where f.equipment_id = e.id`.execute(trx);
  await trx.updateTable('users').set({ has_linked_equipment: true }).where('location_id', 'is not', null).execute();
}

/** Create the demo world once: does nothing when customers exist. Deterministic for a given size. */
const DEPARTMENTS = ['Research', 'Quality Control', 'Analytical Chemistry', 'Biology', 'Production'];
const JOB_TITLES = ['Lab technician', 'Scientist', 'Lab manager', 'QC analyst', 'Research associate', null];
const DAY_MS = 86_400_000;

/**
 * What the user lists show of a generated colleague, derived from their number rather than drawn, so the rest of
 * the world's random draws stay as they were: a department and job, the latest sign-in within two months, every
 * fifth not yet activated (never signed in) and every eighth disabled. The named demo accounts have none yet.
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

export async function seedDemoWorld(db: Kysely<Database>, size: DemoWorldSize = DEFAULT_SIZE): Promise<boolean> {
  const existing = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const f = seededFaker(20260101);
  const demoHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    // A big world takes minutes: its statements (an index of a million rows) may outlast the server's time limits.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local idle_in_transaction_session_timeout = 0`.execute(trx);
    await withIndexesBuiltAfter(trx, ['equipment', 'user_equipment', 'equipment_contracts'], async () => {
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
        await insertBatched(trx, 'users', users);

        if (seed.key === 'provider') continue;
        const count = index === 0 ? size.equipment : Math.ceil(size.equipment / 4);
        const newContracts = Array.from({ length: Math.max(1, Math.ceil(count / 20)) }, () =>
          createContract(f, { customer_id: customer.id }),
        );
        const contracts: { id: number }[] = [];
        for (let i = 0; i < newContracts.length; i += BATCH) {
          contracts.push(
            ...(await trx
              .insertInto('contracts')
              .values(newContracts.slice(i, i + BATCH))
              .returning('id')
              .execute()),
          );
        }
        // Drawn batch by batch (the same draws in the same order as all at once) so a million never sit in memory.
        const newEquipment = () =>
          createEquipment(f, { customer_id: customer.id, location_id: f.helpers.arrayElement(locations).id });
        const ids: number[] = [];
        let equipmentBatch = 0;
        while (ids.length < count) {
          const batch = [newEquipment()];
          equipmentBatch ||= rowsPerInsert(batch[0]);
          while (batch.length < Math.min(equipmentBatch, count - ids.length)) batch.push(newEquipment());
          const rows = await trx.insertInto('equipment').values(batch).returning('id').execute();
          ids.push(...rows.map((r) => r.id));
        }
        const links = ids
          .filter(() => f.datatype.boolean({ probability: 0.6 }))
          .map((equipment_id) => ({ equipment_id, contract_id: f.helpers.arrayElement(contracts).id }));
        await insertBatched(trx, 'equipment_contracts', links);
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

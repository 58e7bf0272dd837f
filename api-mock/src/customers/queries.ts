import type { Kysely, Transaction } from 'kysely';
import type { Customer, CustomerFieldLabels } from '../../../contract/customers';
import type { CustomerRow, Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's own field labels as the contract gives them. */
export const fieldLabelsOf = (row: CustomerRow): CustomerFieldLabels => ({
  customizeAssetId: row.customize_asset_id,
  customizeGeneral1: row.customize_general1,
  customizeGeneral2: row.customize_general2,
  customizeGeneral3: row.customize_general3,
});

/** A customer as the contract gives it. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    customerFolder: row.customer_folder,
    ...fieldLabelsOf(row),
    customerLogoFileIdentifier: row.logo_file_identifier,
    emailDomain: row.email_domain,
    customerIdentifier: row.customer_identifier,
  };
}

/** A customer by id, or a 404 answer. */
export async function customerOr404(db: Db, id: number): Promise<CustomerRow> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpProblem(404, `No customer ${id}`);
  return row;
}

/** Customers whose name or number matches the pattern, by name. */
export const customersMatching = (db: Db, pattern: string, count: number) =>
  db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('customer_identifier', 'ilike', pattern)]))
    .orderBy('name')
    .orderBy('id')
    .limit(count)
    .execute();

/** The customers a user last switched to, each once with its latest switch, newest first. */
export const switchHistoryOf = (db: Db, userId: number, count: number) =>
  db
    .selectFrom((qb) =>
      qb
        .selectFrom('customer_switch_history')
        .select((eb) => ['customer_id', eb.fn.max('switched_at').as('last_switched'), eb.fn.max('id').as('last_id')])
        .where('user_id', '=', userId)
        .groupBy('customer_id')
        .as('h'),
    )
    .innerJoin('customers', 'customers.id', 'h.customer_id')
    .selectAll('customers')
    .select('h.last_switched')
    .orderBy('h.last_switched', 'desc')
    .orderBy('h.last_id', 'desc')
    .limit(count)
    .execute();

/** Points a session at another customer and records the switch in the user's history. */
export async function switchSessionCustomer(
  trx: Db,
  switching: { sessionId: string; userId: number; customerId: number },
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ customer_id: switching.customerId })
    .where('id', '=', switching.sessionId)
    .execute();
  await trx
    .insertInto('customer_switch_history')
    .values({ user_id: switching.userId, customer_id: switching.customerId })
    .execute();
}

/** The stored logo identifier of a customer, locked until the transaction ends. */
export const lockedLogoOf = async (trx: Db, customerId: number) =>
  (
    await trx
      .selectFrom('customers')
      .select('logo_file_identifier')
      .where('id', '=', customerId)
      .forUpdate()
      .executeTakeFirstOrThrow()
  ).logo_file_identifier;

/** Sets (or with null removes) a customer's logo identifier. */
export const setLogo = (trx: Db, customerId: number, identifier: string | null) =>
  trx
    .updateTable('customers')
    .set({ logo_file_identifier: identifier })
    .where('id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Sets a customer's own field labels (null: the generic label). */
export const setFieldLabels = (trx: Db, customerId: number, labels: CustomerFieldLabels) =>
  trx
    .updateTable('customers')
    .set({
      customize_asset_id: labels.customizeAssetId,
      customize_general1: labels.customizeGeneral1,
      customize_general2: labels.customizeGeneral2,
      customize_general3: labels.customizeGeneral3,
    })
    .where('id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const ROUTING_COLUMNS = [
  'id',
  'admin_emails',
  'contract_change_emails',
  'contact_us_sales',
  'contact_us_relocation',
  'contact_us_technical_support',
] as const;

/** The fields of a country's routing a save sets, with who saved it. */
export interface RoutingValues {
  admin_emails: string;
  contract_change_emails: string;
  contact_us_sales: string;
  contact_us_relocation: string;
  contact_us_technical_support: string;
  updated_by: number;
}

/** The stored routing of a country (null: All), if any. */
export const routingOf = (db: Db, countryCode: string | null) =>
  db
    .selectFrom('country_email_routing')
    .select(ROUTING_COLUMNS)
    .where('country_code', countryCode === null ? 'is' : '=', countryCode)
    .executeTakeFirst();

/** The regions of a country with their admin e-mails, by name. */
export const regionsOf = (db: Db, countryCode: string) =>
  db
    .selectFrom('regions')
    .select(['id', 'name', 'admin_emails'])
    .where('country_code', '=', countryCode)
    .orderBy('name')
    .orderBy('id')
    .execute();

/** Saves the routing of a country (null: All), replacing the stored one. */
export const saveRouting = (trx: Db, countryCode: string | null, values: RoutingValues) =>
  trx
    .insertInto('country_email_routing')
    .values({ country_code: countryCode, ...values })
    .onConflict((oc) =>
      oc.expression(sql`(coalesce(country_code, ''))`).doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .returning(ROUTING_COLUMNS)
    .executeTakeFirstOrThrow();

/** Saves the admin e-mails of a region of a country; undefined when the country has no such region. */
export const saveRegionEmails = (
  trx: Db,
  region: { regionId: number; countryCode: string; adminEmails: string; updatedBy: number },
) =>
  trx
    .updateTable('regions')
    .set({ admin_emails: region.adminEmails, updated_at: new Date(), updated_by: region.updatedBy })
    .where('id', '=', region.regionId)
    .where('country_code', '=', region.countryCode)
    .returning(['id', 'name', 'admin_emails'])
    .executeTakeFirst();

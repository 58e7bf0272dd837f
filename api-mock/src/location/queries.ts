import type { Kysely } from 'kysely';
import type { LocationDetail, LocationSearchItem, LocationSummary } from '../../../contract/location';
import type { Database } from '../db/schema';
import { countryIdOf } from '../lib/countries';
import { containsPattern } from '../lib/like';
import { forbidden, HttpProblem } from '../lib/problem';

/** Locations with the fields of their customer that every location answer carries. */
const withCustomer = (db: Kysely<Database>) =>
  db
    .selectFrom('locations')
    .innerJoin('customers', 'customers.id', 'locations.customer_id')
    .select([
      'locations.id',
      'locations.customer_id',
      'locations.city',
      'locations.site_address',
      'locations.state',
      'locations.zip',
      'locations.country_code',
      'customers.name as company_name',
      'customers.encrypted_id',
      'customers.customer_identifier',
    ]);

/** The locations of one customer, by city. */
export async function locationSummaries(db: Kysely<Database>, customerId: number): Promise<LocationSummary[]> {
  const rows = await withCustomer(db)
    .where('locations.customer_id', '=', customerId)
    .orderBy('locations.city')
    .orderBy('locations.id')
    .execute();
  return rows.map((r) => ({
    locationId: r.id,
    city: r.city,
    siteAddress: r.site_address,
    countryCode: r.country_code,
    companyName: r.company_name,
    countryId: countryIdOf(r.country_code),
  }));
}

/** One location of the given customer; a location of another customer answers 404 like an unknown one. */
export async function locationDetail(
  db: Kysely<Database>,
  customerId: number,
  locationId: number,
): Promise<LocationDetail> {
  const r = await withCustomer(db)
    .where('locations.id', '=', locationId)
    .where('locations.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!r) throw new HttpProblem(404, `No location ${locationId}`);
  return {
    locationId: r.id,
    customerId: r.customer_id,
    encryptedCustomerId: r.encrypted_id,
    companyName: r.company_name,
    address: r.site_address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    countryId: countryIdOf(r.country_code),
    countryCode: r.country_code,
  };
}

/** Locations whose customer number, company or city contains the keyword; of one customer unless null. */
export async function searchLocations(
  db: Kysely<Database>,
  opts: { keyword: string; count: number; customerId: number | null },
): Promise<LocationSearchItem[]> {
  const pattern = containsPattern(opts.keyword);
  const rows = await withCustomer(db)
    .$if(opts.customerId !== null, (qb) => qb.where('locations.customer_id', '=', opts.customerId!))
    .where((eb) =>
      eb.or([
        eb('customers.customer_identifier', 'ilike', pattern),
        eb('customers.name', 'ilike', pattern),
        eb('locations.city', 'ilike', pattern),
      ]),
    )
    .orderBy('customers.name')
    .orderBy('locations.city')
    .orderBy('locations.id')
    .limit(opts.count)
    .execute();
  return rows.map((r) => ({
    locationId: r.id,
    customerId: r.customer_id,
    customerNo: r.customer_identifier,
    companyName: r.company_name,
    city: r.city,
    countryCode: r.country_code,
  }));
}

/** Refuse (403) a location that does not belong to the customer the user works for. */
export async function requireOwnLocation(db: Kysely<Database>, locationId: number, customerId: number): Promise<void> {
  const location = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!location) throw forbidden('The location does not belong to your company');
}

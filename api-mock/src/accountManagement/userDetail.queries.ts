import type { Kysely } from 'kysely';
import type { UserDetail } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { countryIdOf } from '../lib/countries';
import { LANGUAGES } from '../lib/languages';
import type { FileStorage } from '../storage';
import { avatarUrlsOf } from './avatar.queries';

/**
 * One user's detail with the location and company info of their own customer and their avatar; null when the user
 * is unknown or removed. The user's own company fields stand before the location's.
 * The caller decides who may see whom.
 */
export async function loadUserDetail(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: number,
): Promise<UserDetail | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.deleted_at !== null) return null;
  let userLocation: UserDetail['userLocation'] = null;
  if (user.location_id !== null) {
    const row = await db
      .selectFrom('locations')
      .innerJoin('customers', 'customers.id', 'locations.customer_id')
      .select([
        'locations.id',
        'locations.city',
        'locations.site_address',
        'locations.state',
        'locations.zip',
        'locations.country_code',
        'customers.id as customer_id',
        'customers.name as company_name',
        'customers.encrypted_id',
      ])
      .where('locations.id', '=', user.location_id)
      .where('locations.customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (row) {
      const locations = await db
        .selectFrom('locations')
        .select(['id', 'city', 'site_address', 'country_code'])
        .where('customer_id', '=', user.customer_id)
        .orderBy('city')
        .orderBy('id')
        .execute();
      userLocation = {
        locationId: row.id,
        customerId: row.customer_id,
        encryptedCustomerId: row.encrypted_id,
        companyName: user.company_name ?? row.company_name,
        address: user.address ?? row.site_address,
        city: row.city,
        state: user.state ?? row.state,
        zip: user.zip ?? row.zip,
        countryId: countryIdOf(row.country_code),
        countryCode: row.country_code,
        customer: {
          customerLocations: locations.map((l) => ({
            locationId: l.id,
            city: l.city,
            siteAddress: l.site_address,
            countryCode: l.country_code,
          })),
        },
      };
    }
  }
  return {
    userId: user.id,
    emailAddress: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    jobTitle: user.job_title,
    languageId: LANGUAGES.find((l) => l.languageCode === user.language_code)?.languageId ?? null,
    officePhone: user.office_phone,
    department: user.department,
    avatarUrl: (await avatarUrlsOf(storage, user)).avatarUrl,
    role: user.role as RoleId,
    lastPwdChange: user.password_changed_at ? new Date(user.password_changed_at).toISOString() : null,
    userLocation,
  };
}

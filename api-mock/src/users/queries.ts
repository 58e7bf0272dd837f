import type { Kysely } from 'kysely';
import { isProviderDomain } from '../../../contract/accountManagement';
import type { LoggedInUser, ProfileCompletion } from '../../../contract/users';
import type { SessionRecord } from '../auth/sessions';
import { fieldLabelsOf } from '../customers/queries';
import { change } from '../db/events';
import type { Database } from '../db/schema';
import { accessCodesOf } from '../auth/privileges';
import type { FileStorage } from '../storage';
import { avatarUrlsOf } from '../accountManagement/avatar.queries';
import { LANGUAGES } from '../lib/languages';

/** The signed-in user as the client sees it, in the customer the session is switched to; `files` signs the avatar. */
export async function loadLoggedInUser(
  db: Kysely<Database>,
  userId: number,
  customerId: number,
  files: FileStorage,
): Promise<LoggedInUser | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!user || !customer) return null;
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'city', 'site_address', 'country_code'])
    .where('customer_id', '=', customerId)
    .orderBy('city')
    .execute();
  const own = locations.find((l) => l.id === user.location_id);
  return {
    userId: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    displayName: `${user.first_name} ${user.last_name}`,
    emailAddress: user.email,
    languageId: LANGUAGES.find((l) => l.languageCode === user.language_code)?.languageId ?? null,
    languageCode: user.language_code,
    locationId: user.location_id,
    userLocation: {
      customerId: customer.id,
      encryptedCustomerId: customer.encrypted_id,
      countryCode: own?.country_code ?? locations[0]?.country_code ?? 'US',
      customer: {
        id: customer.id,
        name: customer.name,
        customerLocations: locations.map((l) => ({
          locationId: l.id,
          city: l.city,
          siteAddress: l.site_address,
          countryCode: l.country_code,
        })),
        customerPermission: { isProductAddingEnabled: customer.is_product_adding_enabled },
        isProviderDomain: isProviderDomain(customer.email_domain),
        customerLogoFileIdentifier: customer.logo_file_identifier,
        ...fieldLabelsOf(customer),
      },
    },
    privilege: (await accessCodesOf(db, user.id)).map((accessCode) => ({ accessCode })),
    isPEUser: user.is_pe_user,
    role: user.role,
    ...(await avatarUrlsOf(files, user)),
    officePhone: user.office_phone,
    statusCode: user.status_code,
    isActive: user.is_active,
  };
}

/** Completes a user's profile: their location, name and phone. */
export async function completeProfile(db: Kysely<Database>, session: SessionRecord, profile: ProfileCompletion) {
  await change(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        location_id: profile.locationId,
        first_name: profile.firstName,
        last_name: profile.lastName,
        office_phone: profile.officePhone || null,
      })
      .where('id', '=', session.userId)
      .execute();
    return {
      result: null,
      event: {
        customerId: session.customerId,
        actorId: session.userId,
        entityType: 'user',
        entityId: session.userId,
        eventType: 'user.profileCompleted',
        payload: profile,
      },
    };
  });
}

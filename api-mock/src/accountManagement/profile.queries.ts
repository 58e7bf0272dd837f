import type { Kysely, Updateable } from 'kysely';
import type { ProfileEdit } from '../../../contract/accountManagement';
import { change, type DomainEvent } from '../db/events';
import type { Database, UsersTable } from '../db/schema';
import { LANGUAGES } from '../lib/languages';
import { badRequest } from '../lib/problem';
import { requireOwnLocation } from '../location/queries';

/** A language of the portal by its id; 400 for another. */
export function languageOf(languageId: number) {
  const language = LANGUAGES.find((l) => l.languageId === languageId);
  if (!language) throw badRequest(`Unknown language ${languageId}`);
  return language;
}

/**
 * The user columns a profile edit (own or another user's) sets, once its language is known and its location is one
 * of the user's customer. The company fields (name, address, state, zip) are the user's own copy: left out, they
 * stay; empty, the location's show again.
 */
export async function profileChanges(db: Kysely<Database>, body: ProfileEdit, customerId: number) {
  const language = languageOf(body.languageId);
  if (body.locationId != null) await requireOwnLocation(db, body.locationId, customerId);
  return {
    first_name: body.firstName,
    last_name: body.lastName,
    language_code: language.languageCode,
    office_phone: body.officePhone,
    department: body.department,
    job_title: body.jobTitle || null,
    role: body.role,
    ...(body.locationId != null ? { location_id: body.locationId } : {}),
    ...companyChanges(body),
  };
}

/** The company fields the edit names: the text, or null for an empty one. */
const companyChanges = ({ companyName, address, state, zip }: ProfileEdit) => ({
  ...(companyName !== undefined ? { company_name: companyName || null } : {}),
  ...(address !== undefined ? { address: address || null } : {}),
  ...(state !== undefined ? { state: state || null } : {}),
  ...(zip !== undefined ? { zip: zip || null } : {}),
});

/** The customer a user belongs to (provider staff may work in another one). */
export const homeCustomerOf = async (db: Kysely<Database>, userId: number): Promise<number> =>
  (await db.selectFrom('users').select('customer_id').where('id', '=', userId).executeTakeFirstOrThrow()).customer_id;

/** Sets columns of a user, with the event of the change. */
export async function updateUser(
  db: Kysely<Database>,
  userId: number,
  values: Updateable<UsersTable>,
  event: DomainEvent,
): Promise<void> {
  await change(db, async (trx) => {
    await trx.updateTable('users').set(values).where('id', '=', userId).execute();
    return { result: null, event };
  });
}

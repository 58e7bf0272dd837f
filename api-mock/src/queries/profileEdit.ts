import type { Kysely } from 'kysely';
import type { ProfileEdit } from '../../../contract/accountManagement';
import type { Database } from '../db/schema';
import { LANGUAGES } from '../lib/languages';
import { badRequest } from '../lib/problem';
import { requireOwnLocation } from '../location/queries';

/**
 * The user columns a profile edit (own or another user's) sets, once its language is known and its location is one
 * of the user's customer. Company fields (name, address, state, zip) belong to the location and are not changed here.
 */
export async function profileChanges(db: Kysely<Database>, body: ProfileEdit, customerId: number) {
  const language = LANGUAGES.find((l) => l.languageId === body.languageId);
  if (!language) throw badRequest(`Unknown language ${body.languageId}`);
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
  };
}

import { initServer } from '@ts-rest/fastify';
import type { Kysely } from 'kysely';
import { accountManagementContract, allowedRoleChoices, type UserDetail } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { requireReadableUser } from '../auth/otherUsers';
import { change } from '../db/events';
import type { Database } from '../db/schema';
import { countryIdOf } from '../lib/countries';
import { ok } from '../lib/envelope';
import { LANGUAGES } from '../lib/languages';
import { requireOwnLocation } from '../queries/locations';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';

const s = initServer();

/**
 * One user's detail with the location and company info of their own customer; null when the user is unknown.
 * The caller decides who may see whom.
 */
async function loadUserDetail(db: Kysely<Database>, userId: number): Promise<UserDetail | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
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
        companyName: row.company_name,
        address: row.site_address,
        city: row.city,
        state: row.state,
        zip: row.zip,
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
    avatarUrl: null,
    role: user.role as RoleId,
    lastPwdChange: user.password_changed_at ? new Date(user.password_changed_at).toISOString() : null,
    userLocation,
  };
}

/** The account screen: GET users/{id} and PUT Users/profile (spec 3 sections 2, 5, 6 and 7). */
export function accountProfileRouter({ db }: AppDeps) {
  return {
    get: s.route(accountManagementContract.get, async ({ request, params }) => {
      const actor = await requireActor(db, request);
      await requireReadableUser(db, actor, params.id);
      const detail = await loadUserDetail(db, params.id);
      if (!detail) throw new HttpProblem(404, `No user ${params.id}`);
      return ok(detail);
    }),

    updateOwnProfile: s.route(accountManagementContract.updateOwnProfile, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const me = await db
        .selectFrom('users')
        .select(['role', 'customer_id'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      if (!allowedRoleChoices(me.role as RoleId, true).includes(body.role)) {
        throw forbidden('This role cannot be chosen for your own account');
      }
      const language = LANGUAGES.find((l) => l.languageId === body.languageId);
      if (!language) throw badRequest(`Unknown language ${body.languageId}`);
      if (body.locationId != null) await requireOwnLocation(db, body.locationId, me.customer_id);
      // Company fields (name, address, state, zip) belong to the customer's location and are not changed here.
      const changes = {
        first_name: body.firstName,
        last_name: body.lastName,
        language_code: language.languageCode,
        office_phone: body.officePhone,
        department: body.department,
        job_title: body.jobTitle || null,
        role: body.role,
        ...(body.locationId != null ? { location_id: body.locationId } : {}),
      };
      await change(db, async (trx) => {
        await trx.updateTable('users').set(changes).where('id', '=', actor.userId).execute();
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'user',
            entityId: actor.userId,
            eventType: 'user.profileUpdated',
            payload: changes,
          },
        };
      });
      const detail = await loadUserDetail(db, actor.userId);
      if (!detail) throw new HttpProblem(404, `No user ${actor.userId}`);
      return ok(detail);
    }),
  };
}

import type { FastifyInstance } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { signedIn } from '../support/injectClient';
import type { Database, UsersTable } from '../../api-mock/src/db/schema';
import { hashPassword } from '../../api-mock/src/auth/password';
import { grantDefaultPrivileges } from '../../api-mock/src/auth/privileges';

/**
 * A user of a provider state's own (so no other interaction sees what it changes), in the customer and location of
 * user@acme-labs.example, with the password Portal2026. Made on first use; later, `reset` is applied to it instead.
 */
export async function stateUser(
  db: Kysely<Database>,
  email: string,
  user: { firstName: string; lastName: string; officePhone: string | null },
  reset: Updateable<UsersTable>,
): Promise<void> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db.updateTable('users').set(reset).where('id', '=', existing.id).execute();
    return;
  }
  const template = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      customer_id: template.customer_id,
      location_id: template.location_id,
      email,
      password_hash: await hashPassword('Portal2026'),
      first_name: user.firstName,
      last_name: user.lastName,
      role: template.role,
      is_pe_user: false,
      language_code: template.language_code,
      office_phone: user.officePhone,
      status_code: 1,
      is_active: true,
    })
    .execute();
  await grantDefaultPrivileges(db);
}

/** Signs `email` in for a provider state (its jar goes to `setJar`) and answers the user's customer. */
export async function signInForState(
  app: FastifyInstance,
  db: Kysely<Database>,
  email: string,
  setJar: (jar: Map<string, string>) => void,
): Promise<number> {
  setJar((await signedIn(app, email)).jar);
  const user = await db.selectFrom('users').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow();
  return user.customer_id;
}

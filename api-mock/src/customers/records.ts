import type { Kysely } from 'kysely';
import type { Actor } from '../access/actor';
import type { CustomerRow, Database } from '../db/schema';
import { forbidden, HttpProblem } from '../lib/problem';
import { storageIdentityOf } from '../storage/identity';
import { keyBelongsTo } from '../storage/layout';
import { customerOr404 } from './queries';

/**
 * A customer the caller's scope reaches, else 404: a customer user asks about their own customer only, another id is
 * answered as unknown.
 */
export async function requireCustomer(db: Kysely<Database>, actor: Actor, id: number): Promise<CustomerRow> {
  if (actor.scopeCustomerId !== null && id !== actor.scopeCustomerId) throw new HttpProblem(404, `No customer ${id}`);
  return customerOr404(db, id);
}

/** A logo file is the session customer's, refused (403) as every file route refuses another customer's file. */
export async function requireOwnLogoFile(db: Kysely<Database>, actor: Actor, resourceKey: string): Promise<void> {
  if (!keyBelongsTo(resourceKey, await storageIdentityOf(db, actor.customerId)))
    throw forbidden('The logo belongs to another customer');
}

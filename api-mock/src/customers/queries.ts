import type { Kysely, Transaction } from 'kysely';
import type { Customer } from '../../../contract/customers';
import type { CustomerRow, Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';

type Db = Kysely<Database> | Transaction<Database>;

/** A customer as the contract gives it. The customer's own field labels are not stored yet: default labels. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    customerFolder: row.customer_folder,
    customizeAssetId: null,
    customizeGeneral1: null,
    customizeGeneral2: null,
    customizeGeneral3: null,
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

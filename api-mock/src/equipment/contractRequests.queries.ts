import type { Kysely, Transaction } from 'kysely';
import {
  ContractRequestStatus,
  contractRequestReference,
  ContractTeamRequest,
  type ContractChangeRequest,
} from '../../../contract/equipment';
import type { Database } from '../db/schema';
import { pageOf } from '../lib/paging';

/** What the list reads of a stored request's form: the fields by the contract's own rules. */
const StoredForm = ContractTeamRequest.pick({
  firstName: true,
  lastName: true,
  contactMethod: true,
  comments: true,
  interestedIn: true,
  additionalSolutionsFor: true,
}).partial();

/** The requests of one instrument of a customer (index contract_change_requests_equipment, migration 023). */
const requestsOf = (db: Kysely<Database>, customerId: number, equipmentId: number) =>
  db
    .selectFrom('contract_change_requests as r')
    .where('r.customer_id', '=', customerId)
    .where('r.equipment_id', '=', equipmentId);

/**
 * A page of an instrument's contract change requests made by anyone of the customer, newest first, and how many
 * there are. Reads only.
 */
export async function contractChangeRequestPage(
  db: Kysely<Database>,
  scope: { customerId: number; equipmentId: number },
  page: { pageIndex: number; pageSize: number },
): Promise<{ items: ContractChangeRequest[]; totalCount: number }> {
  const requests = requestsOf(db, scope.customerId, scope.equipmentId);
  const { rows, totalCount } = await pageOf(
    requests
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.status', 'r.payload', 'u.first_name', 'u.last_name'])
      // The table declares created_at as Generated<Timestamp>, which Kysely does not unwrap: it reads as a Date.
      .select((eb) => eb.ref('r.created_at').$castTo<Date>().as('created_at'))
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc'),
    requests,
    page,
  );
  return {
    items: rows.map((row) => {
      // A form stored under older rules than today's reads as blank rather than failing the whole list.
      const parsed = StoredForm.safeParse(row.payload);
      const form = parsed.success ? parsed.data : {};
      const account = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
      return {
        id: row.id,
        reference: contractRequestReference(row.id),
        status: ContractRequestStatus.parse(row.status),
        createdOn: row.created_at.toISOString(),
        requesterName: account ?? [form.firstName, form.lastName].filter(Boolean).join(' '),
        contactMethod: form.contactMethod ?? null,
        interestedIn: form.interestedIn ?? null,
        additionalSolutionsFor: form.additionalSolutionsFor ?? null,
        comments: form.comments ?? null,
      };
    }),
    totalCount,
  };
}

/** The name of a customer, as the provider's mails name it. */
export async function customerNameOf(db: Kysely<Database>, customerId: number): Promise<string> {
  const customer = await db
    .selectFrom('customers')
    .select('name')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return customer.name;
}

/** Store a contract change request with the form as sent (and the instrument as the portal has it); its id. */
export async function insertContractRequest(
  trx: Transaction<Database>,
  request: { customerId: number; equipmentId: number; userId: number; payload: unknown },
): Promise<number> {
  const { id } = await trx
    .insertInto('contract_change_requests')
    .values({
      customer_id: request.customerId,
      equipment_id: request.equipmentId,
      user_id: request.userId,
      payload: JSON.stringify(request.payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

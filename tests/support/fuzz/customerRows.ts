import fc from 'fast-check';
import { sql } from 'kysely';
import { BUCKETS } from '../../../api-mock/src/storage/layout';
import { contractWords, type ContractRoute } from './routes';
import type { ApiServer } from './sessions';
import type { ValuePools } from './zodArbitrary';

/** The customers' rows: markers, id pools (the snapshot of every table holding them: customerTables.ts). */

export { snapshot } from './customerTables';

type Database = ApiServer['database']['db'];

/** The customer's id and storage folder id (every file key of a customer holds its own). */
export async function customerByName(db: Database, name: string): Promise<{ id: number; storageFolder: string }> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'encrypted_id'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, storageFolder: row.encrypted_id };
}

/** Write the customer's marker into the text of its rows (not into identifiers, which the fuzz sends back). */
export async function markRows(db: Database, customerId: number, tag: string) {
  await sql`update equipment set serial = ${tag} || '-E' || id, comments = ${tag} || ' comment'
    where customer_id = ${customerId}`.execute(db);
  await sql`update users set last_name = ${tag}, department = ${tag} where customer_id = ${customerId}`.execute(db);
  await sql`update locations set site_address = ${tag} || ' street' where customer_id = ${customerId}`.execute(db);
  await sql`update reservations set comments = ${tag} where customer_id = ${customerId}`.execute(db);
  await sql`update messages set subject = ${tag} || ' ' || subject where customer_id = ${customerId}
    and subject not like ${`${tag}%`}`.execute(db);
  await sql`update preferences set name = ${tag} where customer_id = ${customerId}`.execute(db);
  await sql`update contracts set description = ${tag} where customer_id = ${customerId}`.execute(db);
  await sql`update service_calls set issue_text = ${tag}, contact_name = ${tag} where customer_id = ${customerId}`.execute(
    db,
  );
  await sql`update documents set document_name = ${tag} || '-' || document_name where customer_id = ${customerId}
    and document_name not like ${`${tag}%`}`.execute(db);
  // The entities added since: work-order lines and attachments, utilization, monitors, invitations, the event log.
  await sql`update service_call_lines set description = ${tag} || ' line' where service_call_id in
    (select id from service_calls where customer_id = ${customerId})`.execute(db);
  await sql`update service_call_attachments set file_name = ${tag} || '.pdf' where service_call_id in
    (select id from service_calls where customer_id = ${customerId})`.execute(db);
  await sql`update utilization_events set sample_name = ${tag}, project = ${tag}
    where customer_id = ${customerId}`.execute(db);
  await sql`update asset_monitors set asset_name = ${tag} where customer_id = ${customerId}`.execute(db);
  await sql`update onboarding_invitations set description = ${tag} where customer_id = ${customerId}`.execute(db);
  // The event log refuses changes: a marked change of one instrument is appended, once.
  await sql`insert into events (customer_id, entity_type, entity_id, event_type, payload)
    select ${customerId}::int, 'equipment', e.id::text, 'equipment.updated', jsonb_build_object('changes',
      jsonb_build_array(jsonb_build_object('field', 'comments', 'old', null, 'new', ${tag}::text)))
    from equipment e where e.customer_id = ${customerId} and not e.is_hidden
      and not exists (select 1 from events where customer_id = ${customerId} and payload::text like ${`%${tag}%`})
    order by e.id limit 1`.execute(db);
}

/** Ids of every kind of the customer's rows, each kind on its own (so the few users weigh as much as equipment). */
async function idKinds(db: Database, customerId: number): Promise<number[][]> {
  const ids = async (q: ReturnType<typeof sql<{ id: number }>>) =>
    (await q.execute(db)).rows.map((r) => Number(r.id)).slice(0, 200);
  return [
    [customerId],
    await ids(sql`select id from equipment where customer_id = ${customerId} order by id`),
    await ids(sql`select id from users where customer_id = ${customerId} order by id`),
    await ids(sql`select id from locations where customer_id = ${customerId} order by id`),
    await ids(sql`select id from reservations where customer_id = ${customerId} order by id`),
    await ids(sql`select id from messages where customer_id = ${customerId} order by id`),
    await ids(sql`select a.id from message_attachments a join messages m on m.id = a.message_id
      where m.customer_id = ${customerId} order by a.id`),
    await ids(sql`select id from preferences where customer_id = ${customerId} order by id`),
    await ids(sql`select id from documents where customer_id = ${customerId} order by id`),
    await ids(sql`select id from contracts where customer_id = ${customerId} order by id`),
    await ids(sql`select id from service_calls where customer_id = ${customerId} order by id`),
    await ids(sql`select id from equipment_images where customer_id = ${customerId} order by id`),
    await ids(sql`select id from onboarding_invitations where customer_id = ${customerId} order by id`),
    await ids(sql`select id from contract_change_requests where customer_id = ${customerId} order by id`),
    await ids(sql`select id from events where customer_id = ${customerId} order by id`),
    await ids(sql`select a.id from service_call_attachments a join service_calls s on s.id = a.service_call_id
      where s.customer_id = ${customerId} order by a.id`),
  ].filter((kind) => kind.length > 0);
}

/** Text identifiers of the customer's rows: service order numbers, contract numbers, file keys. */
async function textIds(db: Database, customerId: number): Promise<string[]> {
  const { rows: orders } = await sql<{ v: string }>`select service_order_no as v from service_calls
    where customer_id = ${customerId} order by id limit 50`.execute(db);
  const { rows: contractNos } = await sql<{ v: string }>`select vendor_contract_id as v from contracts
    where customer_id = ${customerId} order by id limit 50`.execute(db);
  const { rows: files } = await sql<{ v: string }>`select a.resource_key as v from message_attachments a
    join messages m on m.id = a.message_id where m.customer_id = ${customerId} order by a.id limit 20`.execute(db);
  const { rows: logos } = await sql<{ v: string }>`select logo_file_identifier as v from customers
    where id = ${customerId} and logo_file_identifier is not null`.execute(db);
  const { rows: stored } = await sql<{ v: string }>`select resource_key as v from stored_objects
    where customer_id = ${customerId} order by resource_key limit 20`.execute(db);
  return [...orders, ...contractNos, ...files, ...logos, ...stored].map((r) => r.v).filter((v) => v.length > 0);
}

/** The values a fuzzing user sends: ids and text ids of its own customer and of the other one, the contract's words. */
export async function poolsFor(db: Database, own: number, other: number, routes: ContractRoute[]): Promise<ValuePools> {
  const kinds = [...(await idKinds(db, own)), ...(await idKinds(db, other))];
  const texts = [...(await textIds(db, own)), ...(await textIds(db, other)), ...BUCKETS];
  return {
    ids: fc.oneof(...kinds.map((k) => fc.constantFrom(...k))),
    texts: fc.constantFrom(...texts),
    words: contractWords(routes),
  };
}

/** The values of a user who sends only another customer's ids and text ids (the cross-customer check). */
export async function otherCustomerPools(db: Database, other: number, routes: ContractRoute[]): Promise<ValuePools> {
  const kinds = await idKinds(db, other);
  return {
    ids: fc.oneof(...kinds.map((k) => fc.constantFrom(...k))),
    texts: fc.constantFrom(...(await textIds(db, other)), ...BUCKETS),
    words: contractWords(routes),
  };
}

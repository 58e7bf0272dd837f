import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, HttpProblem } from '../lib/problem';
import { serviceReportOf } from './serviceReport.queries';

/** The message a user without PDF access (or an order without a report yet) gets (spec 2 section 8). */
export const PDF_NO_ACCESS_MESSAGE = 'inventory:open_pdf_no_access_tip';

/**
 * A work order (service call) of the caller's customer, by its id; another customer's is not found (404), so its
 * id reveals nothing. In a transaction with `lock` its row stays locked until commit.
 */
export async function requireServiceCall(
  db: Kysely<Database> | Transaction<Database>,
  reach: { customerId: number },
  id: number,
  lock = false,
): Promise<void> {
  const found = await db
    .selectFrom('service_calls')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', reach.customerId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!found) throw new HttpProblem(404, `No service call ${id}`);
}

/**
 * The service report of a work order of the caller's customer by its order number (404 otherwise): it opens only for
 * a user allowed service reports and once the order has one (403).
 */
export async function requireServiceReport(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number },
  serviceOrderNo: string,
) {
  const report = await serviceReportOf(db, caller, serviceOrderNo);
  if (!report.found) throw new HttpProblem(404, `No work order ${serviceOrderNo}`);
  if (!report.mayOpen) throw forbidden(PDF_NO_ACCESS_MESSAGE);
  return report;
}

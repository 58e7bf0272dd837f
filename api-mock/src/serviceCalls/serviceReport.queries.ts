import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { languageCodeOf, localeOf } from '../lib/languages';
import type { ServiceReportData } from '../reports/serviceReportData';

/** Whether a service call of the customer has a report the user may open, and its report's data. */
export type ServiceReportLookup =
  | { found: false }
  | { found: true; mayOpen: false }
  | { found: true; mayOpen: true; data: ServiceReportData; language: string };

/**
 * The service report of an order number, read for one customer: another customer's number is not found. The
 * instrument and site are those the order kept; the address and country are the equipment's location's.
 */
export async function serviceReportOf(
  db: Kysely<Database>,
  scope: { customerId: number; userId: number },
  serviceOrderNo: string,
): Promise<ServiceReportLookup> {
  const call = await db
    .selectFrom('service_calls')
    .innerJoin('customers', 'customers.id', 'service_calls.customer_id')
    .leftJoin('equipment', 'equipment.id', 'service_calls.equipment_id')
    .leftJoin('locations', 'locations.id', 'equipment.location_id')
    .selectAll('service_calls')
    .select(['customers.name as customer_name', 'locations.site_address', 'locations.country_code', 'equipment.room'])
    .where('service_calls.customer_id', '=', scope.customerId)
    .where('service_calls.service_order_no', '=', serviceOrderNo)
    .executeTakeFirst();
  if (!call) return { found: false };
  const user = await db
    .selectFrom('users')
    .select(['may_open_service_reports', 'language_code'])
    .where('id', '=', scope.userId)
    .executeTakeFirstOrThrow();
  if (!user.may_open_service_reports || !call.report_available) return { found: true, mayOpen: false };

  const lines = await db
    .selectFrom('service_call_lines')
    .select(['kind', 'part_no', 'description', 'quantity', 'unit'])
    .where('service_call_id', '=', call.id)
    .orderBy('id')
    .execute();
  const language = languageCodeOf(user.language_code);
  const country = call.country_code
    ? new Intl.DisplayNames([localeOf(language), 'en'], { type: 'region', fallback: 'code' }).of(call.country_code)
    : null;
  const at = (d: Date | null) => (d ? new Date(d) : null);
  return {
    found: true,
    mayOpen: true,
    language,
    data: {
      serviceOrderNo: call.service_order_no,
      svmxOrderNo: call.svmx_order_no,
      jobType: call.job_type,
      callStatus: call.call_status,
      customer: { name: call.customer_name, siteAddress: call.site_address, city: call.city, country: country ?? null },
      instrument: {
        mfg: call.mfg,
        model: call.model,
        serial: call.serial,
        pkiTag: call.pki_tag,
        systemId: call.system_id,
        systemNickName: call.system_nick_name,
        dType: call.dtype,
        building: call.building,
        floor: call.floor,
        room: call.room,
        department: call.department,
      },
      dates: {
        received: at(call.date_time_call_received),
        scheduled: at(call.svmx_cse_schedule_date),
        workStarted: at(call.work_start_date),
        completed: at(call.date_time_call_complete),
      },
      reportedBy: call.contact_name,
      email: call.email,
      telephone: call.office_phone,
      custRefNo: call.cust_ref_no,
      purchaseOrderNumber: call.purchase_order_number,
      problem: call.repair_problem ?? call.issue_text,
      solution: call.repair_solution,
      engineer: call.service_engn_name,
      lines: lines.map((l) => ({
        kind: l.kind,
        partNo: l.part_no,
        description: l.description,
        quantity: Number(l.quantity),
        unit: l.unit,
      })),
      signature: { signedBy: call.signed_by, signedAt: at(call.signed_at) },
    },
  };
}

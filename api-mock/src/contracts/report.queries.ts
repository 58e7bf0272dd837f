import { sql, type Kysely } from 'kysely';
import {
  calendarDayAt,
  contractCategoryOf,
  contractNumberOf,
  contractStatusOf,
  daysToExpiry,
} from '../../../contract/contractStatus';
import { USER_ADDED_DATA_SOURCE_ID, type EquipmentContract } from '../../../contract/equipment';
import type { Database } from '../db/schema';
import { languageCodeOf, localeOf } from '../lib/languages';
import type { ContractReportContract, ContractReportData } from '../reports/contractReportData';
import {
  equipmentInScope,
  findEquipment,
  toEquipmentContract,
  underContract,
  type EquipmentScope,
} from '../equipment/queries';

/** Rows of the contract history a contract PDF lists at most; more end in "and M more". Chosen: not in spec. */
export const CONTRACT_REPORT_HISTORY_MAX = 50;
/** Other instruments under the same contract number a contract PDF lists at most. Chosen: not in spec. */
export const CONTRACT_REPORT_OTHERS_MAX = 50;

/** What the contract PDF of an instrument comes to: the refusals of the route, or the report's data. */
export type ContractReportLookup =
  | { outcome: 'notFound' }
  | { outcome: 'userAdded' }
  | { outcome: 'noContract' }
  | { outcome: 'ready'; data: ContractReportData; language: string; contractNumber: string };

/**
 * The contract PDF's data of an instrument, read for one customer: another customer's (or a hidden) instrument is
 * not found; one the customer added has no provider contract to show. The contract is the one of the instrument's
 * history with `contractNumber` (its contractId), else the latest; each contract reads as GET Equipment/{id} answers
 * it, and its status counts from the user's calendar day. Bounded: the history and the other instruments under the
 * same number stop at their maximum, with their totals.
 */
export async function contractReportOf(
  db: Kysely<Database>,
  scope: EquipmentScope,
  equipmentId: number,
  options: { contractNumber?: string; utcOffsetMinutes?: number },
): Promise<ContractReportLookup> {
  const row = await findEquipment(db, scope, equipmentId);
  if (!row) return { outcome: 'notFound' };
  if (row.data_source_id === USER_ADDED_DATA_SOURCE_ID) return { outcome: 'userAdded' };

  const contractsLatestFirst = db
    .selectFrom('equipment_contracts')
    .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
    .selectAll('contracts')
    .where('equipment_contracts.equipment_id', '=', row.id)
    .where('contracts.customer_id', '=', scope.customerId)
    .orderBy('contracts.contract_expiry', 'desc')
    .orderBy('contracts.effective_date', 'desc')
    .orderBy('contracts.id', 'desc');
  const history = await contractsLatestFirst
    .select(sql<string>`count(*) over ()`.as('total'))
    .limit(CONTRACT_REPORT_HISTORY_MAX)
    .execute();
  const wanted = options.contractNumber;
  // A contract past the listed history is looked up on its own.
  const chosen =
    wanted === undefined
      ? history[0]
      : (history.find((c) => c.vendor_contract_id === wanted) ??
        (await contractsLatestFirst.where('contracts.vendor_contract_id', '=', wanted).executeTakeFirst()));
  if (!chosen) return { outcome: 'noContract' };

  const others = equipmentInScope(db, {
    customerId: scope.customerId,
    userId: scope.userId,
    listType: scope.isPEUser ? 'productsManagement' : undefined,
  })
    .where('equipment.id', '<>', row.id)
    .where(underContract(scope.customerId, chosen.vendor_contract_id));
  const [otherRows, place, user] = await Promise.all([
    others
      .select([
        'equipment.mfg',
        'equipment.model',
        'equipment.serial',
        'equipment.system_id',
        'locations.city',
        sql<string>`count(*) over ()`.as('total'),
      ])
      .orderBy('equipment.mfg')
      .orderBy('equipment.model')
      .orderBy('equipment.serial')
      .orderBy('equipment.id')
      .limit(CONTRACT_REPORT_OTHERS_MAX)
      .execute(),
    db
      .selectFrom('locations')
      .innerJoin('customers', 'customers.id', 'locations.customer_id')
      .select(['customers.name', 'locations.country_code'])
      .where('locations.id', '=', row.location_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select('language_code').where('id', '=', scope.userId).executeTakeFirstOrThrow(),
  ]);

  const language = languageCodeOf(user.language_code);
  const country = place.country_code
    ? new Intl.DisplayNames([localeOf(language), 'en'], { type: 'region', fallback: 'code' }).of(place.country_code)
    : null;
  const asOf = calendarDayAt(options.utcOffsetMinutes ?? 0);
  const toReport = (c: EquipmentContract): ContractReportContract => ({
    number: contractNumberOf(c),
    isVendor: c.isVendor,
    contractType: c.contractType,
    category: contractCategoryOf(c.contractType),
    effectiveDate: c.effectiveDate,
    contractExpiry: c.contractExpiry,
    billingDate: c.billingDate,
    billingStatus: c.billingStatus,
    poNumber: c.poNumber,
    desc: c.desc,
    status: contractStatusOf(c.contractExpiry, asOf),
    daysToExpiry: c.contractExpiry ? daysToExpiry(c.contractExpiry, asOf) : null,
  });
  return {
    outcome: 'ready',
    language,
    contractNumber: chosen.vendor_contract_id,
    data: {
      asOf,
      customer: { name: place.name, siteAddress: row.site_address, city: row.city, country: country ?? null },
      instrument: {
        mfg: row.mfg,
        model: row.model,
        serial: row.serial,
        systemId: row.system_id,
        systemNickName: row.system_nick_name,
        pkiTag: row.pki_tag,
        city: row.city,
        siteAddress: row.site_address,
        building: row.building,
        floor: row.floor,
        room: row.room,
      },
      contract: toReport(toEquipmentContract(chosen)),
      history: history.map((c) => toReport(toEquipmentContract(c))),
      historyTotal: Number(history[0]?.total ?? 0),
      others: otherRows.map((o) => ({
        mfg: o.mfg,
        model: o.model,
        serial: o.serial,
        systemId: o.system_id,
        city: o.city,
      })),
      othersTotal: Number(otherRows[0]?.total ?? 0),
    },
  };
}

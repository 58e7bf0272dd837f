import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Equipment, EquipmentContract, EquipmentListType } from '../../../contract/equipment';
import { UPCOMING_SERVICE_DAYS } from '../../../contract/equipment';
import type { EquipmentImage, InstrumentImageData } from '../../../contract/images';
import type { ContractsTable, Database, EquipmentRow, EquipmentTable } from '../db/schema';
import { EQUIPMENT_FIELDS } from './fields';

/** Equipment becomes "newly available" to a user for this many days after it was added. Chosen: not in spec. */
export const NEW_EQUIPMENT_DAYS = 90;

export interface EquipmentScope {
  customerId: number;
  userId: number;
  /** Only the equipment on the user's own list. */
  isFollowed?: boolean;
  listType?: EquipmentListType;
  /** Provider staff: hidden equipment (products management) is theirs to reach. */
  isPEUser?: boolean;
}

/** The equipment a caller may see in a list: the current customer's, and for the inventory only the visible ones. */
export function equipmentInScope(db: Kysely<Database>, scope: EquipmentScope) {
  return scopeConditions(
    db.selectFrom('equipment').innerJoin('locations', 'locations.id', 'equipment.location_id'),
    scope,
  );
}

/**
 * The same without the locations: for a count or a page that neither filters nor sorts by a location field, so it
 * can be answered from the (customer, id) index with the list columns it includes.
 */
export function equipmentInScopeOnly(db: Kysely<Database>, scope: EquipmentScope) {
  return scopeConditions(db.selectFrom('equipment'), scope);
}

/** How many instruments a scope holds, read from the counters that triggers keep in step (migration 037). */
export async function countEquipmentInScope(db: Kysely<Database>, scope: EquipmentScope): Promise<number> {
  const row = await db
    .selectFrom('equipment_list_counts')
    .select(scope.listType === 'productsManagement' ? 'total as count' : 'visible as count')
    .where('customer_id', '=', scope.customerId)
    .where('follower_id', '=', scope.isFollowed === true ? scope.userId : 0)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

function scopeConditions<QB extends SelectQueryBuilder<Database, 'equipment', object>>(
  qb: QB,
  scope: EquipmentScope,
): QB {
  return qb
    .where('equipment.customer_id', '=', scope.customerId)
    .$if(scope.listType !== 'productsManagement', (q) => q.where('equipment.is_hidden', '=', false))
    .$if(scope.isFollowed === true, (q) =>
      q.where(sql<boolean>`equipment.follower_ids @> array[${scope.userId}]::integer[]`),
    ) as QB;
}

/** The words of a search keyword: split at spaces, without the characters tsquery reads as operators, lower case. */
export const keywordWords = (keyword: string | null | undefined): string[] =>
  (keyword ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/['\\&|!():*<>]/g, '').toLowerCase())
    .filter((w) => w !== '');

/**
 * The full-text condition of a keyword: every word must start a word of the searchable text (prefix match on the
 * generated tsvector `vector`, served by its GIN index). Null when the keyword has no word.
 */
export function fullTextCondition(
  keyword: string | null | undefined,
  vector = 'equipment.search',
): Expression<SqlBool> | null {
  const words = keywordWords(keyword);
  if (words.length === 0) return null;
  const query = words.map((w) => `'${w}':*`).join(' & ');
  return sql<SqlBool>`${sql.ref(vector)} @@ to_tsquery('simple', ${query})`;
}

const API_OF_COLUMN: [api: string, column: string][] = Object.entries(EQUIPMENT_FIELDS)
  .filter(([, f]) => f.column.startsWith('equipment.'))
  .map(([api, f]) => [api, f.column.slice('equipment.'.length)]);

/** Every column of an equipment row but the search vector and the followers, which serve the list queries. */
const ROW_COLUMNS = [
  'equipment.id',
  'equipment.customer_id',
  'equipment.location_id',
  'equipment.mfg',
  'equipment.model',
  'equipment.serial',
  'equipment.dtype',
  'equipment.system_id',
  'equipment.system_nick_name',
  'equipment.building',
  'equipment.floor',
  'equipment.room',
  'equipment.department',
  'equipment.inst_date',
  'equipment.status',
  'equipment.data_source_id',
  'equipment.created_by',
  'equipment.created_at',
  'equipment.updated_at',
  'equipment.cost_center',
  'equipment.cost_center2',
  'equipment.contact_name',
  'equipment.contact_phone',
  'equipment.contact_email',
  'equipment.contact_mgr_name',
  'equipment.contact_mgr_phone',
  'equipment.contact_mgr_email',
  'equipment.financial_responsibility_name',
  'equipment.financial_responsibility_phone',
  'equipment.financial_responsibility_email',
  'equipment.vendor_name',
  'equipment.vendor_contact',
  'equipment.vendor_tel',
  'equipment.vendor_email',
  'equipment.oem_parts',
  'equipment.user_group_id',
  'equipment.product_name',
  'equipment.priority_d',
  'equipment.priority_dqa',
  'equipment.priority_dsafety',
  'equipment.safety_category',
  'equipment.product_series',
  'equipment.os',
  'equipment.pc_app1',
  'equipment.pc_appv1',
  'equipment.pc_id',
  'equipment.pc_name',
  'equipment.pc_connectivity',
  'equipment.classification',
  'equipment.comments',
  'equipment.general1',
  'equipment.general2',
  'equipment.general3',
  'equipment.pki_tag',
  'equipment.asset_id',
  'equipment.rfid_tag',
  'equipment.cust_sys_id',
  'equipment.contract_category',
  'equipment.changed_by_cust',
  'equipment.part_number',
  'equipment.large_image_url',
  'equipment.machine_guarding',
  'equipment.energy_hazard',
  'equipment.lock_tag_out',
  'equipment.chemical_hazards',
  'equipment.biosafety_hazards',
  'equipment.radiological_hazards',
  'equipment.ehs_last_changed_by',
  'equipment.os_gxp_flag',
  'equipment.main_component',
  'equipment.indicator_record',
  'equipment.ag_connected',
  'equipment.is_computer',
  'equipment.asset_genius_flag',
  'equipment.locked',
  'equipment.equip_start_up_date',
  'equipment.equip_constr_year',
  'equipment.equip_constr_month',
  'equipment.changed_on_cust',
  'equipment.ehs_last_changed_on',
  'equipment.document_count',
  'equipment.is_hidden',
  'equipment.next_calibration_due',
  'equipment.next_maintenance_due',
] as const;
type RowColumn = Exclude<keyof EquipmentTable, 'search' | 'follower_ids'>;
// Fails to compile when a column is added to the table and not here.
const everyColumn: Exclude<
  RowColumn,
  (typeof ROW_COLUMNS)[number] extends `equipment.${infer C}` ? C : never
> extends never
  ? true
  : false = true;
void everyColumn;

export type EquipmentListRow = Omit<EquipmentRow, 'search' | 'follower_ids'> & {
  city: string;
  site_address: string | null;
  is_mine: boolean;
};

/** Columns of a list row: the equipment, its location and whether it is on the user's list. */
export function selectListColumns(db: Kysely<Database>, scope: EquipmentScope) {
  return equipmentInScope(db, scope)
    .select(ROW_COLUMNS)
    .select(['locations.city as city', 'locations.site_address as site_address'])
    .select(sql<boolean>`${scope.userId} = any(equipment.follower_ids)`.as('is_mine'));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Months from the construction year and month to now; null without a year. */
export function instrumentAge(year: number | null, month: number | null, now = new Date()): number | null {
  if (year == null) return null;
  const months = (now.getUTCFullYear() - year) * 12 + (now.getUTCMonth() + 1 - (month ?? 1));
  return Math.max(0, months);
}

export interface EquipmentExtras {
  images: Map<number, InstrumentImageData>;
  contracts: Map<number, Equipment['contractInfoHistory']>;
  upcoming: Map<number, Equipment['upcomingServiceCalls']>;
}

/** An equipment row as the API answers it. */
export function toEquipment(row: EquipmentListRow, extras: EquipmentExtras, now = new Date()): Equipment {
  const api: Record<string, unknown> = {};
  for (const [name, column] of API_OF_COLUMN) {
    const value = (row as unknown as Record<string, unknown>)[column];
    api[name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  const createdRecently = now.getTime() - new Date(row.created_at as never).getTime() < NEW_EQUIPMENT_DAYS * 86_400_000;
  return {
    ...(api as unknown as Equipment),
    equipmentId: row.id,
    instrumentAge: instrumentAge(row.equip_constr_year, row.equip_constr_month, now),
    changedOnCust: iso(row.changed_on_cust),
    createdBy: row.created_by,
    userId: row.created_by,
    documentCount: row.document_count,
    largeImageUrl: row.large_image_url,
    upcomingServiceCalls: extras.upcoming.get(row.id) ?? [],
    instrumentImageData: extras.images.get(row.id) ?? null,
    isNew: !row.is_mine && createdRecently,
    isMine: row.is_mine,
    location: { locationId: row.location_id, city: row.city, siteAddress: row.site_address },
    labManager: { email: row.contact_mgr_email },
    endUser: { email: row.contact_email },
    productMarketInfo: null,
    contractInfoHistory: extras.contracts.get(row.id) ?? [],
    isHidden: row.is_hidden,
  };
}

/** The images of some equipment, each equipment's with its default. */
export async function loadEquipmentImages(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, InstrumentImageData>> {
  const byEquipment = new Map<number, InstrumentImageData>();
  if (ids.length === 0) return byEquipment;
  const images = await db
    .selectFrom('equipment_images')
    .selectAll()
    .where('equipment_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const image of images) {
    const data = byEquipment.get(image.equipment_id) ?? { images: [], defaultImage: null };
    const api: EquipmentImage = {
      resourceId: image.id,
      imageIdentifier: { resourceKey: image.image_key, bucketName: image.bucket_name },
      thumbnailIdentifier: { resourceKey: image.thumbnail_key, bucketName: image.bucket_name },
      fileName: image.file_name,
    };
    data.images.push(api);
    if (image.is_default) data.defaultImage = api;
    byEquipment.set(image.equipment_id, data);
  }
  return byEquipment;
}

/** Images, contracts and the next service calls of some equipment, in three queries. */
export async function loadEquipmentExtras(db: Kysely<Database>, ids: readonly number[]): Promise<EquipmentExtras> {
  const extras: EquipmentExtras = { images: new Map(), contracts: new Map(), upcoming: new Map() };
  if (ids.length === 0) return extras;
  const [images, contracts, calls] = await Promise.all([
    loadEquipmentImages(db, ids),
    db
      .selectFrom('equipment_contracts')
      .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
      .selectAll('contracts')
      .select('equipment_contracts.equipment_id')
      .where('equipment_contracts.equipment_id', 'in', ids)
      .orderBy('contracts.contract_expiry', 'desc')
      .execute(),
    db
      .selectFrom('service_calls')
      .selectAll()
      .where('equipment_id', 'in', ids)
      .where('start_date', '>=', sql<Date>`now()`)
      .where('start_date', '<', sql<Date>`now() + make_interval(days => ${UPCOMING_SERVICE_DAYS})`)
      .orderBy('start_date')
      .execute(),
  ]);
  extras.images = images;
  for (const c of contracts) {
    const list = extras.contracts.get(c.equipment_id) ?? [];
    list.push(toEquipmentContract(c));
    extras.contracts.set(c.equipment_id, list);
  }
  for (const call of calls) {
    if (call.equipment_id == null) continue;
    const list = extras.upcoming.get(call.equipment_id) ?? [];
    list.push({
      serviceOrderNo: call.service_order_no,
      svmxOrderNo: call.svmx_order_no,
      jobType: call.job_type,
      callStatus: call.call_status,
      startDate: iso(call.start_date),
      pdfAvailable: call.report_available,
    });
    extras.upcoming.set(call.equipment_id, list);
  }
  return extras;
}

/** A contract row as the API answers it; the customer's own (vendor) contracts carry their number as vendorContractId. */
export function toEquipmentContract(c: Selectable<ContractsTable>): EquipmentContract {
  return {
    vendorContractId: c.is_pe_contract ? null : c.vendor_contract_id,
    contractId: c.vendor_contract_id,
    poNumber: c.po_number,
    item: null,
    effectiveDate: c.effective_date,
    contractExpiry: c.contract_expiry,
    billingDate: c.billing_date,
    billingStatus: c.billing_status,
    contractType: c.contract_type,
    desc: c.description,
    isVendor: !c.is_pe_contract,
  };
}

/** Whom one instrument is reached for: the customer, and whether its hidden ones too (provider staff). */
export type InstrumentReach = Pick<EquipmentScope, 'customerId' | 'isPEUser'>;

/**
 * The one rule for reaching a single instrument (by id, or through its documents, images or system): the caller's
 * customer's, and a hidden one (products management scope) only for provider staff.
 */
export function reachableEquipment<QB extends SelectQueryBuilder<Database, 'equipment', object>>(
  qb: QB,
  reach: InstrumentReach,
): QB {
  return qb
    .where('equipment.customer_id', '=', reach.customerId)
    .$if(!reach.isPEUser, (q) => q.where('equipment.is_hidden', '=', false)) as QB;
}

/**
 * One equipment the caller reaches by id, or undefined: another customer's id finds nothing, nor a hidden one. With
 * `lock`, in a transaction, the equipment's row stays locked until commit. Callers go through records.ts.
 */
export async function findEquipment(
  db: Kysely<Database>,
  reach: InstrumentReach & { userId?: number },
  id: number,
  lock = false,
) {
  return reachableEquipment(
    selectListColumns(db, { ...reach, userId: reach.userId ?? 0, listType: 'productsManagement', isFollowed: false }),
    reach,
  )
    .where('equipment.id', '=', id)
    .$if(lock, (q) => q.forUpdate('equipment'))
    .executeTakeFirst() as Promise<EquipmentListRow | undefined>;
}

/** Ids among `ids` the caller does not reach (see reachableEquipment). */
export async function unreachedEquipmentIds(
  db: Kysely<Database>,
  reach: InstrumentReach,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await reachableEquipment(db.selectFrom('equipment'), reach)
    .select('equipment.id')
    .where('equipment.id', 'in', ids)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Whether the customer lets its users add instruments (customerPermission.isProductAddingEnabled). */
export async function productAddingEnabled(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const customer = await db
    .selectFrom('customers')
    .select('is_product_adding_enabled')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return customer.is_product_adding_enabled;
}

/** The instrument is under the customer's contract of this number (one of its contract rows names it). */
export const underContract =
  (customerId: number, vendorContractId: string) =>
  ({ exists, selectFrom }: ExpressionBuilder<Database, 'equipment'>) =>
    exists(
      selectFrom('equipment_contracts')
        .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
        .select(sql`1`.as('one'))
        .whereRef('equipment_contracts.equipment_id', '=', 'equipment.id')
        .where('contracts.customer_id', '=', customerId)
        .where('contracts.vendor_contract_id', '=', vendorContractId),
    );

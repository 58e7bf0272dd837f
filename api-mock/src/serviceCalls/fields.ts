import {
  WORK_ORDER_DEFAULT_ORDER,
  WORK_ORDER_LIST_FIELDS,
  type WorkOrderListField,
} from '../../../contract/serviceCalls';
import type { OrderSetting } from '../../../contract/listQuery';
import { listFieldsOf } from '../lib/listQuerySql';

/** The SQL column of every work-order grid field (the fields and their kinds are the contract's). */
const COLUMNS: Record<WorkOrderListField, string> = {
  svmxOrderNo: 'service_calls.svmx_order_no',
  serviceOrderNo: 'service_calls.service_order_no',
  city: 'service_calls.city',
  department: 'service_calls.department',
  costCenter: 'service_calls.cost_center',
  mfg: 'service_calls.mfg',
  model: 'service_calls.model',
  pkiTag: 'service_calls.pki_tag',
  systemId: 'service_calls.system_id',
  systemNickName: 'service_calls.system_nick_name',
  serial: 'service_calls.serial',
  jobType: 'service_calls.job_type',
  callStatus: 'service_calls.call_status',
  svmxCseSheduleDate: 'service_calls.svmx_cse_schedule_date',
  dateTimeCallReceived: 'service_calls.date_time_call_received',
  startDate: 'service_calls.start_date',
  workStartDate: 'service_calls.work_start_date',
  dateTimeCallComplete: 'service_calls.date_time_call_complete',
  repairProblem: 'service_calls.repair_problem',
  repairSolution: 'service_calls.repair_solution',
  assetId: 'service_calls.asset_id',
  reportedBy: 'service_calls.contact_name',
  email: 'service_calls.email',
  telephone: 'service_calls.office_phone',
  dType: 'service_calls.dtype',
  building: 'service_calls.building',
  floor: 'service_calls.floor',
  serviceEngnName: 'service_calls.service_engn_name',
  custRefNo: 'service_calls.cust_ref_no',
  equipmentId: 'service_calls.equipment_id',
  description: 'service_calls.issue_text',
  purchaseOrderNumber: 'service_calls.purchase_order_number',
  documentCount: 'service_calls.document_count',
};

/** The whitelist of the work-order lists: API field -> column and kind. */
export const WORK_ORDER_FIELDS = listFieldsOf(WORK_ORDER_LIST_FIELDS, COLUMNS);

/** Whose work orders a list reads: one customer's, one tab. */
export interface WorkOrderScope {
  customerId: number;
  isHistory: boolean;
}

/** The tab's default order when the request gives none (spec 3 section 7). */
export const workOrderOrder = (orders: readonly OrderSetting[], isHistory: boolean): OrderSetting[] =>
  orders.length > 0 ? [...orders] : [isHistory ? WORK_ORDER_DEFAULT_ORDER.history : WORK_ORDER_DEFAULT_ORDER.scheduled];

/** Fields of long free text (up to 4,000 characters, more than a btree entry holds): indexed on a prefix. */
const LONG_TEXT: readonly WorkOrderListField[] = ['repairProblem', 'repairSolution', 'description'];
/** Characters of a long text its index holds (migration 020); at most 4 bytes each, well inside a btree entry. */
export const LONG_TEXT_PREFIX = 500;
/** The long-text columns indexed on their prefix. Frozen here because a migration uses it. */
export const WORK_ORDER_PREFIX_INDEXED_COLUMNS = ['repair_problem', 'repair_solution', 'issue_text'] as const;

/**
 * Columns with an index on (customer_id, is_history, column, id), blanks first (migrations 019 and 048): their filter
 * suggestions walk the index from one distinct value to the next. Frozen here because a migration uses it; add a migration to change it.
 */
export const WORK_ORDER_INDEXED_COLUMNS = [
  'svmx_order_no',
  'service_order_no',
  'city',
  'department',
  'cost_center',
  'mfg',
  'model',
  'pki_tag',
  'system_id',
  'system_nick_name',
  'serial',
  'job_type',
  'call_status',
  'svmx_cse_schedule_date',
  'date_time_call_received',
  'start_date',
  'work_start_date',
  'date_time_call_complete',
  'asset_id',
  'contact_name',
  'email',
  'office_phone',
  'dtype',
  'building',
  'floor',
  'service_engn_name',
  'cust_ref_no',
  'equipment_id',
  'purchase_order_number',
  'document_count',
] as const;

/** How a field's suggestions walk an index: on the whole value, on a prefix of a long text, or not at all. */
export function workOrderWalk(name: string): { walksIndex: boolean; prefix?: number; nullsFirst?: boolean } {
  const column = (WORK_ORDER_FIELDS[name]?.column ?? '').replace('service_calls.', '');
  if (LONG_TEXT.includes(name as WorkOrderListField)) {
    const indexed = (WORK_ORDER_PREFIX_INDEXED_COLUMNS as readonly string[]).includes(column);
    return indexed ? { walksIndex: true, prefix: LONG_TEXT_PREFIX } : { walksIndex: false };
  }
  return (WORK_ORDER_INDEXED_COLUMNS as readonly string[]).includes(column)
    ? { walksIndex: true, nullsFirst: true }
    : { walksIndex: false };
}

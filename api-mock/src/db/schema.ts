import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MessageCategory } from '../../../contract/messages';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column that inserts may leave out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  customer_folder: string;
  encrypted_id: string;
  email_domain: string;
  customer_identifier: string;
  is_product_adding_enabled: boolean;
  logo_file_identifier: string | null;
  created_at: Generated<Timestamp>;
  has_asset_genius_site: Generated<boolean>;
  /** The customer's own labels of the asset id and general 1 to 3; null: the generic label (migration 050). */
  customize_asset_id: OptionalText;
  customize_general1: OptionalText;
  customize_general2: OptionalText;
  customize_general3: OptionalText;
}

export interface LocationsTable {
  id: Generated<number>;
  customer_id: number;
  city: string;
  site_address: string | null;
  country_code: string;
  state: OptionalText;
  zip: OptionalText;
  /** The region of the country whose code or name is the state, set by a trigger (migration 029). */
  region_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UsersTable {
  id: Generated<number>;
  customer_id: number;
  location_id: number | null;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: number;
  is_pe_user: boolean;
  language_code: string | null;
  office_phone: string | null;
  department: OptionalText;
  job_title: OptionalText;
  status_code: number;
  is_active: boolean;
  created_at: Generated<Timestamp>;
  password_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  has_linked_equipment: Generated<boolean>;
  /** The avatar in storage (migration 013): one bucket for the image and its 64 px thumbnail; null without one. */
  avatar_bucket_name: OptionalText;
  avatar_key: OptionalText;
  avatar_thumbnail_key: OptionalText;
  /** Whether the user may open service report PDFs (migration 018; on by default). */
  may_open_service_reports: Generated<boolean>;
  /** Set when another user removed the account (migration 028); the row stays so what they did stays theirs. */
  deleted_at: Timestamp | null;
  current_login_time: Timestamp | null;
  /** The user's own company fields (migration 050); null shows the location's. */
  company_name: OptionalText;
  address: OptionalText;
  state: OptionalText;
  zip: OptionalText;
  display_name: ColumnType<string, never, never>;
  search: ColumnType<string, never, never>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  customer_id: number;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  /** The primary's write-ahead log position after the session's last write (migration 049; with read replicas). */
  write_lsn: string | null;
}

/** Work sent to the hub, run by whichever server process claims it (migration 036). */
export interface HubJobsTable {
  id: Generated<string>;
  connection_id: string;
  session_id: string;
  kind: string;
  message: string;
  created_at: Generated<Timestamp>;
  claimed_at: Timestamp | null;
}

/** A hub answer too long for a notification, until the process holding its connection takes it. */
export interface HubMessagesTable {
  id: Generated<string>;
  connection_id: string;
  body: string;
  created_at: Generated<Timestamp>;
}

/** A bucket of the sign-in throttle (auth/throttle.ts); the key is a hash of what it counts. */
export interface SignInThrottleTable {
  bucket: string;
  failures: number;
  locked_until: Timestamp | null;
  forget_at: Timestamp;
}

export interface EventsTable {
  id: Generated<string>;
  time: Generated<Timestamp>;
  customer_id: number | null;
  actor_id: number | null;
  entity_type: string;
  entity_id: string;
  event_type: string;
  payload: ColumnType<unknown, string, string>;
  /** Its place in its customer's hash chain, and the chain's hash up to it (set by a trigger: migration 055). */
  chain_position: ColumnType<number, never, never>;
  chain_hash: ColumnType<Uint8Array, never, never>;
}

export interface EquipmentTable {
  id: Generated<number>;
  customer_id: number;
  location_id: number;
  mfg: string;
  model: string;
  serial: string | null;
  dtype: string | null;
  system_id: string | null;
  system_nick_name: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  department: string | null;
  inst_date: DateColumn;
  status: string | null;
  data_source_id: number;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  cost_center: OptionalText;
  cost_center2: OptionalText;
  contact_name: OptionalText;
  contact_phone: OptionalText;
  contact_email: OptionalText;
  contact_mgr_name: OptionalText;
  contact_mgr_phone: OptionalText;
  contact_mgr_email: OptionalText;
  financial_responsibility_name: OptionalText;
  financial_responsibility_phone: OptionalText;
  financial_responsibility_email: OptionalText;
  vendor_name: OptionalText;
  vendor_contact: OptionalText;
  vendor_tel: OptionalText;
  vendor_email: OptionalText;
  oem_parts: OptionalText;
  user_group_id: OptionalText;
  product_name: OptionalText;
  priority_d: OptionalText;
  priority_dqa: OptionalText;
  priority_dsafety: OptionalText;
  safety_category: OptionalText;
  product_series: OptionalText;
  os: OptionalText;
  pc_app1: OptionalText;
  pc_appv1: OptionalText;
  pc_id: OptionalText;
  pc_name: OptionalText;
  pc_connectivity: OptionalText;
  classification: OptionalText;
  comments: OptionalText;
  general1: OptionalText;
  general2: OptionalText;
  general3: OptionalText;
  pki_tag: OptionalText;
  asset_id: OptionalText;
  rfid_tag: OptionalText;
  cust_sys_id: OptionalText;
  contract_category: OptionalText;
  changed_by_cust: OptionalText;
  part_number: OptionalText;
  large_image_url: OptionalText;
  machine_guarding: OptionalText;
  energy_hazard: OptionalText;
  lock_tag_out: OptionalText;
  chemical_hazards: OptionalText;
  biosafety_hazards: OptionalText;
  radiological_hazards: OptionalText;
  ehs_last_changed_by: OptionalText;
  os_gxp_flag: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  main_component: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  indicator_record: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  ag_connected: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  is_computer: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  asset_genius_flag: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  locked: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  equip_start_up_date: DateColumn;
  equip_constr_year: ColumnType<number | null, number | null | undefined, number | null>;
  equip_constr_month: ColumnType<number | null, number | null | undefined, number | null>;
  changed_on_cust: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ehs_last_changed_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  document_count: Generated<number>;
  is_hidden: Generated<boolean>;
  /** Generated by the database from the searchable text columns. */
  search: ColumnType<string, never, never>;
  /** Users whose list holds this equipment; kept in step with user_equipment by a trigger. */
  follower_ids: ColumnType<number[], never, never>;
  /** The next due dates of calibration and preventive maintenance, kept by triggers from service_intervals. */
  next_calibration_due: ColumnType<string | null, never, never>;
  next_maintenance_due: ColumnType<string | null, never, never>;
}

/** An interval of recurring work per instrument and kind; last_done and next_due are kept by triggers. */
export interface ServiceIntervalsTable {
  equipment_id: number;
  service_call_type: number;
  customer_id: number;
  interval_months: number;
  last_done: ColumnType<string | null, never, never>;
  next_due: ColumnType<string | null, never, never>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

/** A user's secret calendar feed address: its token's sha256, and the nonce it is made from with the server's key. */
export interface CalendarFeedsTable {
  user_id: number;
  customer_id: number;
  token_hash: string;
  nonce: string;
  created_at: Timestamp;
}

/** Whether the search index beside the database is on, and which server drains its queue until when (migration 059). */
export interface SearchIndexStateTable {
  id: Generated<number>;
  enabled: Generated<boolean>;
  drainer: string | null;
  drainer_until: Timestamp | null;
}

/** An instrument the search index has not been told of yet, under its customer (migration 059). */
export interface SearchQueueTable {
  equipment_id: number;
  customer_id: number;
  seq: Generated<number>;
}

/**
 * The narrow search index's number for a text value of a column of a customer's instruments (migration 061), and its
 * rank in the column's order (062; null until placed).
 */
export interface SearchValueIdsTable {
  customer_id: number;
  column_name: string;
  value: string;
  id: Generated<number>;
  rank: number | null;
}

/** A work order the search index has not been told of yet, under its customer (migration 060). */
export interface SearchQueueWorkOrdersTable {
  service_call_id: number;
  customer_id: number;
  seq: Generated<number>;
}

/** An instrument's QR label code (migration 056): random, kept so a reprinted label carries the same code. */
export interface EquipmentLabelsTable {
  equipment_id: number;
  code: string;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

/** A user's choice about the weekly digest of due work (migration 058); no row: the digest is on. */
export interface DueDigestSettingsTable {
  user_id: number;
  customer_id: number;
  weekly_digest: boolean;
  updated_at: Generated<Timestamp>;
}

/** A weekly digest sent: one per recipient and ISO week (`2026-W48`), written with its outbox row. */
export interface DueDigestsSentTable {
  user_id: number;
  iso_week: string;
  customer_id: number;
  item_count: number;
  sent_at: Generated<Timestamp>;
}

/** An overdue due date announced in the notifications: one per instrument, kind of work and due date. */
export interface OverdueNoticesTable {
  equipment_id: number;
  service_call_type: number;
  due_date: string;
  customer_id: number;
  recipient_count: number;
  notified_at: Generated<Timestamp>;
}

/** A date column read and written as YYYY-MM-DD text (the pg type parser is set so). */
type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;

export interface UserEquipmentTable {
  user_id: number;
  equipment_id: number;
  linked_at: Generated<Timestamp>;
}

export interface EquipmentImagesTable {
  id: Generated<number>;
  customer_id: number;
  equipment_id: number;
  bucket_name: string;
  image_key: string;
  thumbnail_key: string;
  file_name: string;
  is_default: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

export interface DocumentsTable {
  id: Generated<number>;
  customer_id: number;
  owner_type: string;
  owner_id: number;
  /** Id of the first version; every version of a document shares it. */
  document_group_id: number | null;
  version: Generated<number>;
  document_name: string;
  bucket_name: string;
  resource_key: string;
  size: number;
  uploaded_by: number | null;
  user_name: string;
  upload_date: Generated<Timestamp>;
  is_deleted: Generated<boolean>;
  deleted_at: Timestamp | null;
}

export interface ServiceCallsTable {
  id: Generated<number>;
  customer_id: number;
  equipment_id: number | null;
  service_order_no: string;
  svmx_order_no: string | null;
  job_type: string | null;
  call_status: string;
  issue_type: string | null;
  priority: number | null;
  issue_text: string | null;
  request_email: string | null;
  contact_name: string | null;
  email: string | null;
  office_phone: string | null;
  requested_by: number | null;
  request_for_user_id: number | null;
  start_date: Timestamp | null;
  date_time_call_received: Timestamp;
  date_time_call_complete: Timestamp | null;
  service_call_type: number | null;
  end_date: Timestamp | null;
  city: string | null;
  department: string | null;
  cost_center: string | null;
  mfg: string | null;
  model: string | null;
  pki_tag: string | null;
  system_id: string | null;
  system_nick_name: string | null;
  serial: string | null;
  dtype: string | null;
  building: string | null;
  floor: string | null;
  asset_id: string | null;
  svmx_cse_schedule_date: Timestamp | null;
  work_start_date: Timestamp | null;
  repair_problem: string | null;
  repair_solution: string | null;
  service_engn_name: string | null;
  cust_ref_no: string | null;
  purchase_order_number: string | null;
  report_available: Generated<boolean>;
  signed_by: string | null;
  signed_at: Timestamp | null;
  /** Active documents of the order, kept in step by the document calls. */
  document_count: Generated<number>;
  /** Generated: the call is complete. */
  is_history: ColumnType<boolean, never, never>;
  /** Generated from the order, instrument, site and people columns. */
  search: ColumnType<string, never, never>;
}

export interface ServiceCallLinesTable {
  id: Generated<number>;
  service_call_id: number;
  kind: 'part' | 'labour';
  part_no: string | null;
  description: string;
  /** numeric: read as text. */
  quantity: ColumnType<string, number | string, number | string>;
  unit: string;
}

export interface ReservationsTable {
  id: Generated<number>;
  customer_id: number;
  equipment_id: number;
  reserved_by: number;
  start_date: Timestamp;
  end_date: Timestamp;
  comments: string | null;
  series_id: number | null;
  created_at: Timestamp;
  last_update_time: Timestamp;
  /** Generated from the comments. */
  search: ColumnType<string, never, never>;
}

export interface ServiceCallAttachmentsTable {
  id: Generated<number>;
  service_call_id: number;
  bucket_name: string;
  resource_key: string;
  file_name: string;
  size: number;
}

export interface ContractsTable {
  id: Generated<number>;
  customer_id: number;
  vendor_contract_id: string;
  po_number: string | null;
  contract_type: string;
  description: string | null;
  effective_date: ColumnType<string, string, string>;
  contract_expiry: ColumnType<string, string, string>;
  billing_status: string | null;
  is_pe_contract: boolean;
  /** Migration 026: the day the contract is billed. */
  billing_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 026: set on insert; last_updated_time is set by a trigger on every update. */
  created_time: Timestamp;
  last_updated_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface EquipmentContractsTable {
  equipment_id: number;
  contract_id: number;
}

export interface UsageEventsTable {
  id: Generated<string>;
  customer_id: number;
  user_id: number;
  type: string;
  path: string;
  time: Timestamp;
  received_at: Generated<Timestamp>;
}

export interface PreferencesTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  preference_key: string;
  name: string;
  value: string;
  category: string | null;
  share_scope: 'private' | 'public';
  is_default: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface HiddenPreferencesTable {
  user_id: number;
  preference_id: number;
}

export interface CustomerSwitchHistoryTable {
  id: Generated<number>;
  user_id: number;
  customer_id: number;
  switched_at: Generated<Timestamp>;
}

export interface SystemNotificationTable {
  id: Generated<number>;
  message: string;
  active: Generated<boolean>;
}

/** A stored file: granted, receiving or stored, then registered to one record (migration 017). */
export interface StoredObjectsTable {
  bucket_name: string;
  resource_key: string;
  customer_id: number;
  uploaded_by: number | null;
  state: 'granted' | 'receiving' | 'stored';
  max_bytes: ColumnType<number, number, number>;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  sha256: string | null;
  granted_at: Generated<Timestamp>;
  stored_at: Timestamp | null;
  registered_as: string | null;
  registered_at: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  subject: string;
  /** HTML; the client sanitises it. */
  content: string;
  category: MessageCategory;
  is_read: Generated<boolean>;
  /** Defaults to now(); the demo world sets it. */
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface MessageAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  file_name: string;
  /** Key in the message bucket of the file store. */
  resource_key: string;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  kind: string;
  user_id: number | null;
  customer_id: number | null;
  email: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Timestamp>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addresses: string;
  subject: string;
  body: string;
  created_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
  /** Migration 033: what the SMTP dispatcher sends and how far it got. */
  html: string | null;
  language: Generated<string>;
  /** [{ bucket, key, fileName }] of the file store, read when sending. */
  attachments: ColumnType<unknown, string | undefined, string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Timestamp>;
  leased_until: Timestamp | null;
  last_error: string | null;
  failed_at: Timestamp | null;
  /** Migration 047: the user whose request caused the mail (the hourly mail quota counts by it). */
  caused_by: number | null;
}

/** A feature a customer has (migration 022). */
export interface CustomerFeaturesTable {
  customer_id: number;
  feature: string;
}

/** An access code a user holds (migration 022). */
export interface UserAccessCodesTable {
  user_id: number;
  access_code: string;
}

/** A feature a user has, with its function codes (migration 022). */
export interface UserFeaturesTable {
  user_id: number;
  feature: string;
  functions: ColumnType<string[], string[] | undefined, string[]>;
}

/** A request to the contract team about an instrument (migration 023). */
export interface ContractChangeRequestsTable {
  id: Generated<number>;
  customer_id: number;
  equipment_id: number;
  user_id: number | null;
  status: Generated<string>;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Timestamp>;
}

/** The provider's product catalogue, one row per part number (migration 024). */
export interface ProductMarketInfoTable {
  part_number: string;
  brand_name: string;
  model_name: string;
  display_name: string | null;
  short_description: string | null;
  long_description: string | null;
  length: string | null;
  depth: string | null;
  height: string | null;
  width: string | null;
  weight: string | null;
  large_image_url: string | null;
  product_url: string | null;
  meta_description: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A monitored asset of a customer with an asset-monitoring site, or one whose monitoring was requested (025). */
export interface AssetMonitorsTable {
  equipment_id: number;
  customer_id: number;
  status: 'monitored' | 'requested';
  site: string | null;
  asset_id: string | null;
  asset_name: string | null;
  eq_type: string | null;
  software: string | null;
  capture_type: string | null;
  capture_status: string | null;
  last_capture_date: Timestamp | null;
  conn_status: string | null;
  last_connected_date: Timestamp | null;
  work_hours: ColumnType<string | null, number | null, number | null>;
  non_work_days: string | null;
  asset_url_template: string | null;
  created_at: Generated<Timestamp>;
}

/** A sample run, service visit or downtime of a monitored instrument (025). */
export interface UtilizationEventsTable {
  id: Generated<string>;
  customer_id: number;
  equipment_id: number;
  system_id: string;
  kind: 'run' | 'service' | 'downtime';
  start_time: Timestamp;
  end_time: Timestamp;
  hours: ColumnType<string, number, number>;
  method: string | null;
  sample_name: string | null;
  sample_count: number | null;
  injection_count: number | null;
  category: string | null;
  project: string | null;
  group_id: string | null;
  user_name: string | null;
}

/** Hours of utilization and of service and downtime per instrument and UTC day (025). */
export interface UtilizationDailyTable {
  equipment_id: number;
  day: ColumnType<string, string, string>;
  util_hours: ColumnType<string, number, number>;
  serv_hours: ColumnType<string, number, number>;
}

/** An invitation link of a user invited from the user list (027): only the token's sha256 is kept. */
export interface UserInvitationsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  customer_id: number;
  invited_by: number | null;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Migration 045: a newer link to the user, or the use of another, ended this one. */
  revoked_at: Timestamp | null;
}

/** The notification e-mail routing of a country, or of All when country_code is null (029). */
export interface CountryEmailRoutingTable {
  id: Generated<number>;
  country_code: string | null;
  admin_emails: string;
  contract_change_emails: string;
  contact_us_sales: string;
  contact_us_relocation: string;
  contact_us_technical_support: string;
  updated_at: Generated<Timestamp>;
  updated_by: number | null;
}

/** A region of a country with the addresses of its new service requests (029). */
export interface RegionsTable {
  id: Generated<number>;
  country_code: string;
  code: string;
  name: string;
  admin_emails: Generated<string>;
  updated_at: Timestamp | null;
  updated_by: number | null;
}

/** An invitation e-mail of customer onboarding as sent (030); address lists are semicolon separated. */
export interface OnboardingInvitationsTable {
  id: Generated<number>;
  sent_by: number | null;
  customer_id: number;
  customer_no: string;
  location_id: number | null;
  email_to: string;
  email_cc: string;
  email_bcc: string;
  order_number: string;
  language: string;
  type: number;
  subject: string;
  description: string;
  /** Timestamp allows leaving it out on insert (the default now()). */
  created_at: Timestamp;
  last_sent_at: Timestamp;
  send_count: Generated<number>;
}

/** Kept in step by triggers (migration 037): the instruments of a customer (follower 0) or on a user's list. */
export interface EquipmentListCountsTable {
  customer_id: number;
  follower_id: number;
  visible: ColumnType<string, string | number, string | number>;
  total: ColumnType<string, string | number, string | number>;
}

export interface Database {
  customers: CustomersTable;
  locations: LocationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_throttle: SignInThrottleTable;
  hub_jobs: HubJobsTable;
  hub_messages: HubMessagesTable;
  events: EventsTable;
  stored_objects: StoredObjectsTable;
  equipment: EquipmentTable;
  equipment_list_counts: EquipmentListCountsTable;
  contracts: ContractsTable;
  equipment_contracts: EquipmentContractsTable;
  usage_events: UsageEventsTable;
  preferences: PreferencesTable;
  hidden_preferences: HiddenPreferencesTable;
  customer_switch_history: CustomerSwitchHistoryTable;
  system_notification: SystemNotificationTable;
  messages: MessagesTable;
  message_attachments: MessageAttachmentsTable;
  contact_requests: ContactRequestsTable;
  mail_outbox: MailOutboxTable;
  user_equipment: UserEquipmentTable;
  equipment_images: EquipmentImagesTable;
  documents: DocumentsTable;
  service_calls: ServiceCallsTable;
  service_call_attachments: ServiceCallAttachmentsTable;
  service_call_lines: ServiceCallLinesTable;
  reservations: ReservationsTable;
  service_intervals: ServiceIntervalsTable;
  calendar_feeds: CalendarFeedsTable;
  search_index_state: SearchIndexStateTable;
  search_queue: SearchQueueTable;
  search_queue_work_orders: SearchQueueWorkOrdersTable;
  search_value_ids: SearchValueIdsTable;
  equipment_labels: EquipmentLabelsTable;
  due_digest_settings: DueDigestSettingsTable;
  due_digests_sent: DueDigestsSentTable;
  overdue_notices: OverdueNoticesTable;
  customer_features: CustomerFeaturesTable;
  user_access_codes: UserAccessCodesTable;
  user_features: UserFeaturesTable;
  contract_change_requests: ContractChangeRequestsTable;
  product_market_info: ProductMarketInfoTable;
  asset_monitors: AssetMonitorsTable;
  utilization_events: UtilizationEventsTable;
  utilization_daily: UtilizationDailyTable;
  user_invitations: UserInvitationsTable;
  onboarding_invitations: OnboardingInvitationsTable;
  country_email_routing: CountryEmailRoutingTable;
  regions: RegionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type PreferenceRow = Selectable<PreferencesTable>;
export type LocationRow = Selectable<LocationsTable>;
export type EquipmentRow = Selectable<EquipmentTable>;

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
}

export interface LocationsTable {
  id: Generated<number>;
  customer_id: number;
  city: string;
  site_address: string | null;
  country_code: string;
  state: OptionalText;
  zip: OptionalText;
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
}

export interface SessionsTable {
  id: string;
  user_id: number;
  customer_id: number;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
}

export interface LoginThrottleTable {
  email: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
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
}

export interface EquipmentTable {
  id: Generated<number>;
  customer_id: number;
  location_id: number;
  mfg: string;
  model: string;
  serial: string;
  dtype: string | null;
  system_id: string | null;
  system_nick_name: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  department: string | null;
  inst_date: ColumnType<string | null, string | null | undefined, string | null>;
  status: string | null;
  data_source_id: number;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
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
}

export interface Database {
  customers: CustomersTable;
  locations: LocationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  events: EventsTable;
  equipment: EquipmentTable;
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
}

export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type PreferenceRow = Selectable<PreferencesTable>;
export type LocationRow = Selectable<LocationsTable>;

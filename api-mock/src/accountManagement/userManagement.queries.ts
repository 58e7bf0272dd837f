import type { Kysely } from 'kysely';
import {
  USER_DEFAULT_ORDER,
  USER_LIST_FIELDS,
  type UserListField,
  type UserRow,
} from '../../../contract/accountManagement';
import type { OrderSetting } from '../../../contract/listQuery';
import type { RoleId } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { listFieldsOf } from '../lib/listQuerySql';
import type { FileStorage } from '../storage';
import { avatarUrlsOf } from './avatar.queries';
import { fullTextCondition } from '../queries/equipment';

/** The SQL column of every user-list field (the fields and their kinds are the contract's). */
const COLUMNS: Record<UserListField, string> = {
  displayName: 'users.display_name',
  firstName: 'users.first_name',
  lastName: 'users.last_name',
  emailAddress: 'users.email',
  jobTitle: 'users.job_title',
  department: 'users.department',
  role: 'users.role',
  city: 'locations.city',
  customerName: 'customers.name',
  officePhone: 'users.office_phone',
  statusCode: 'users.status_code',
  currentLoginTime: 'users.current_login_time',
};

/** The whitelist of the user lists: API field -> column and kind. */
export const USER_FIELDS = listFieldsOf(USER_LIST_FIELDS, COLUMNS);

/** Whose users a list reads: one customer's, or (admin mode) every customer's; active or inactive ones. */
export interface UserScope {
  customerId: number | null;
  isActive: boolean;
}

/** The users in scope with their location and customer; removed users are never listed. */
export function usersInScope(db: Kysely<Database>, scope: UserScope) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('locations', 'locations.id', 'users.location_id')
    .where('users.deleted_at', 'is', null)
    .where('users.is_active', '=', scope.isActive)
    .$if(scope.customerId !== null, (qb) => qb.where('users.customer_id', '=', scope.customerId!));
}

/** The full-text condition of a user search: every word starts a word of the name, e-mail, job, department or phone. */
export const userFullText = (keyword: string | null | undefined) => fullTextCondition(keyword, 'users.search');

export const userOrder = (orders: readonly OrderSetting[]): OrderSetting[] =>
  orders.length > 0 ? [...orders] : [USER_DEFAULT_ORDER];

/** The columns a user row is made of. */
export const USER_ROW_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.display_name',
  'users.email',
  'users.job_title',
  'users.department',
  'users.role',
  'users.office_phone',
  'users.status_code',
  'users.current_login_time',
  'users.is_active',
  'users.avatar_bucket_name',
  'users.avatar_key',
  'users.avatar_thumbnail_key',
  'locations.city',
  'customers.name as customer_name',
] as const;

type UserRowColumns = {
  id: number;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  job_title: string | null;
  department: string | null;
  role: number;
  office_phone: string | null;
  status_code: number;
  current_login_time: Date | null;
  is_active: boolean;
  avatar_bucket_name: string | null;
  avatar_key: string | null;
  avatar_thumbnail_key: string | null;
  city: string | null;
  customer_name: string;
};

/** A user as a row of the user lists, with a signed link to their avatar thumbnail. */
export async function toUserRow(storage: FileStorage, row: UserRowColumns): Promise<UserRow> {
  const avatar = await avatarUrlsOf(storage, row);
  return {
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    emailAddress: row.email,
    jobTitle: row.job_title,
    department: row.department,
    role: row.role as RoleId,
    userLocation: row.city === null ? null : { city: row.city, customer: { name: row.customer_name } },
    officePhone: row.office_phone,
    statusCode: row.status_code === 1 ? 1 : 0,
    currentLoginTime: row.current_login_time ? new Date(row.current_login_time).toISOString() : null,
    avatarThumbnailUrl: avatar.avatarThumbnailUrl,
    isActive: row.is_active,
  };
}

/** The order of a page: rows come back in the order of their ids. */
export const inIdOrder = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

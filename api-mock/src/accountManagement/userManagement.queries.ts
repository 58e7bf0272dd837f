import { sql, type Kysely } from 'kysely';
import {
  USER_DEFAULT_ORDER,
  USER_LIST_FIELDS,
  type UserCountQuery,
  type UserListField,
  type UserListQuery,
  type UserRow,
} from '../../../contract/accountManagement';
import type { FilterFieldsQuery, FilterSetting, ListCount, OrderSetting } from '../../../contract/listQuery';
import type { RoleId } from '../../../contract/limits';
import type { DomainEvent } from '../db/events';
import { change } from '../db/events';
import type { Database } from '../db/schema';
import { suggestionPage, valueSearchCondition } from '../lib/filterSuggestions';
import { BadListQuery, filtersWhere, listFieldsOf } from '../lib/listQuerySql';
import { pageOfIds, type ListTotal } from '../lib/paging';
import { cachedBoundedCount, countQueryKey, type CountOptions } from '../lib/listCount';
import { customerEventVersion } from '../db/listVersion';
import type { FileStorage } from '../storage';
import { avatarUrlsOf } from './avatar.queries';
import { fullTextCondition } from '../equipment/queries';

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
function usersInScope(db: Kysely<Database>, scope: UserScope) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('locations', 'locations.id', 'users.location_id')
    .where('users.deleted_at', 'is', null)
    .where('users.is_active', '=', scope.isActive)
    .$if(scope.customerId !== null, (qb) => qb.where('users.customer_id', '=', scope.customerId!));
}

/** The fields read from the customer or the location rather than the user. */
const JOINED_FIELDS = new Set(
  Object.entries(COLUMNS)
    .filter(([, column]) => !column.startsWith('users.'))
    .map(([field]) => field),
);

/**
 * The same users without the joins when no field of `settings` is the customer's or the location's: every user has
 * one customer and at most one location, so the joins change no row, and a count need not read them.
 */
function usersFor(db: Kysely<Database>, scope: UserScope, settings: readonly { field: string }[]) {
  if (settings.some((s) => JOINED_FIELDS.has(s.field))) return usersInScope(db, scope);
  const users = db
    .selectFrom('users')
    .where('users.deleted_at', 'is', null)
    .where('users.is_active', '=', scope.isActive)
    .$if(scope.customerId !== null, (qb) => qb.where('users.customer_id', '=', scope.customerId!));
  return users as unknown as ReturnType<typeof usersInScope>;
}

/** The full-text condition of a user search: every word starts a word of the name, e-mail, job, department or phone. */
const userFullText = (keyword: string | null | undefined) => fullTextCondition(keyword, 'users.search');

const userOrder = (orders: readonly OrderSetting[]): OrderSetting[] =>
  orders.length > 0 ? [...orders] : [USER_DEFAULT_ORDER];

/** The columns a user row is made of. */
const USER_ROW_COLUMNS = [
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
async function toUserRow(storage: FileStorage, row: UserRowColumns): Promise<UserRow> {
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
const inIdOrder = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A page of the user list in scope, with the total, exact up to `countCap` users (spec 3 section 3). */
export async function userListPage(
  db: Kysely<Database>,
  storage: FileStorage,
  customerId: number | null,
  query: UserListQuery,
  countCap: number,
): Promise<{ items: UserRow[] } & ListTotal> {
  const scope = { customerId, isActive: query.isActive };
  const fullText = userFullText(query.fullTextSearchSetting?.keyword);
  const orders = userOrder(query.orderSettings);
  const filtered = usersFor(db, scope, [...query.filterSettings, ...orders])
    .where(filtersWhere(USER_FIELDS, query.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  const { ids, ...total } = await pageOfIds(db, filtered as never, {
    idColumn: 'users.id',
    fields: USER_FIELDS,
    orders,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    countCap,
  });
  const rows =
    ids.length > 0 ? await usersInScope(db, scope).select(USER_ROW_COLUMNS).where('users.id', 'in', ids).execute() : [];
  const items = await Promise.all(inIdOrder(ids, rows).map((row) => toUserRow(storage, row)));
  return { items, ...total };
}

/**
 * How many users in scope match the list's filters and keyword, counted for at most the bound (then a lower bound),
 * kept per scope (a customer, or every customer in admin mode), list version and query.
 */
export async function userCount(
  db: Kysely<Database>,
  customerId: number | null,
  query: UserCountQuery,
  options: CountOptions,
): Promise<ListCount> {
  const scope = { customerId, isActive: query.isActive };
  const fullText = userFullText(query.fullTextSearchSetting?.keyword);
  const filtered = usersFor(db, scope, query.filterSettings)
    .where(filtersWhere(USER_FIELDS, query.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  const key = ['users', customerId, query.isActive, await customerEventVersion(db, customerId), countQueryKey(query)];
  return cachedBoundedCount(db, key, filtered as never, options);
}

const fieldOf = (name: string) => {
  const field = Object.hasOwn(USER_FIELDS, name) ? USER_FIELDS[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

/** Filter suggestions of columns of the active users' list in scope. */
export async function userSuggestions(
  db: Kysely<Database>,
  customerId: number | null,
  query: FilterFieldsQuery,
  countCap: number,
): Promise<Record<string, (string | null)[]>> {
  const fullText = userFullText(query.fullTextSearchSetting?.keyword);
  const result: Record<string, (string | null)[]> = {};
  for (const name of new Set(query.selectFields)) {
    const field = fieldOf(name);
    // A column's own filter does not narrow its suggestions, so a picked value can be unpicked.
    const others: FilterSetting[] = query.filterSettings.filter((f) => f.field !== name);
    const words = valueSearchCondition(field.column, query.valueSearch);
    const base = usersInScope(db, { customerId, isActive: true })
      .where(filtersWhere(USER_FIELDS, others))
      .$if(fullText !== null, (qb) => qb.where(fullText!))
      .$if(words !== null, (qb) => qb.where(words!));
    // The joined location is nullable, which the helper's builder type does not say; the SQL is the same.
    result[name] = await suggestionPage(db, base as never, {
      column: field.column,
      type: field.type,
      walksIndex: false,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      countCap,
    });
  }
  return result;
}

/** What the role rules and the events need of a user named by id. */
export interface ManagedUser {
  id: number;
  role: number;
  customer_id: number;
  is_active: boolean;
}

/** A user of the customer (any customer's with null), not removed. */
export const userInScope = (
  db: Kysely<Database>,
  customerId: number | null,
  userId: number,
): Promise<ManagedUser | undefined> =>
  db
    .selectFrom('users')
    .select(['id', 'role', 'customer_id', 'is_active'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId!))
    .executeTakeFirst();

/** Removes a user: the row stays (reservations, views and requests stay theirs); the sessions end at their next call. */
export async function removeUser(db: Kysely<Database>, userId: number, event: DomainEvent): Promise<void> {
  await change(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    return { result: null, event };
  });
}

import type { TFunction } from 'i18next';
import { USER_DEFAULT_ORDER, USER_LIST_FIELDS, type UserListField } from '../../../../contract/accountManagement';
import type { OrderSetting } from '../../../../contract/listQuery';
import {
  filtersParam,
  pageParam,
  searchParam,
  sortParam,
  type FieldKindOf,
  type ListFields,
} from '../../components/list';
import { listParam, type ListValues } from '../../lib/listUrl';

/** The name column: pinned first, the link to the user's account when the user has a location. */
export const NAME_FIELD = 'displayName';

const isListField = (field: string): field is UserListField => Object.hasOwn(USER_LIST_FIELDS, field);

/** The grid's columns after the name, in the spec's order (spec 3 section 3 "User row"); the admin list adds the customer. */
const COLUMNS: readonly UserListField[] = [
  'emailAddress',
  'jobTitle',
  'department',
  'role',
  'city',
  'officePhone',
  'statusCode',
  'currentLoginTime',
];

const valueLabel = (t: TFunction, field: string, value: string) => {
  if (field === 'role') return t(`my_account_role_${value}`);
  if (field === 'statusCode') return t(`users:status_${value}`);
  return undefined;
};

/** The user-list field registry (contract) as the shared list parts read it; role and activation read as words. */
export const userFields = (adminList: boolean): ListFields => ({
  columns: adminList ? [...COLUMNS.slice(0, 5), 'customerName', ...COLUMNS.slice(5)] : COLUMNS,
  kindOf: (field) => {
    if (field === 'role' || field === 'statusCode') return 'text';
    const kind = isListField(field) ? USER_LIST_FIELDS[field] : 'text';
    return kind === 'date' ? 'dateTime' : kind;
  },
  label: (t, field) => t(`users:field_${field}`),
  valueLabel,
});

/** The parameters of a user list's URL (the user lists have no saved views); the inactive users' modal has its own. */
function listParams(adminList: boolean) {
  const fields = new Set<string>([NAME_FIELD, ...userFields(adminList).columns]);
  const kindOf: FieldKindOf = (field) =>
    fields.has(field) && isListField(field) ? USER_LIST_FIELDS[field] : undefined;
  return {
    q: searchParam(),
    filter: filtersParam(kindOf),
    sort: sortParam(kindOf),
    page: pageParam(),
    dialog: listParam.oneOf(['', 'inactive']),
    iq: searchParam(),
    ipage: pageParam(),
  };
}

export const USER_LIST_PARAMS = { customer: listParams(false), admin: listParams(true) };

export type UserListState = ListValues<ReturnType<typeof listParams>>;

export const USER_LIST_DEFAULTS: UserListState = {
  q: '',
  filter: [],
  sort: [],
  page: 0,
  dialog: '',
  iq: '',
  ipage: 0,
};

export const orderSettingsOf = (sort: OrderSetting[]): OrderSetting[] =>
  sort.length > 0 ? sort : [USER_DEFAULT_ORDER];

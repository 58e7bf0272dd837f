import type { TFunction } from 'i18next';
import { USER_DEFAULT_ORDER, USER_LIST_FIELDS, type UserListField } from '../../../../contract/accountManagement';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import type { ListFields } from '../../components/list';

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

/** What a user list keeps while it is open: filters and sort (the user lists have no saved views). */
export interface UserListState {
  filter: FilterSetting[];
  sort: OrderSetting[];
}

export const orderSettingsOf = (state: UserListState): OrderSetting[] =>
  state.sort.length > 0 ? state.sort : [USER_DEFAULT_ORDER];

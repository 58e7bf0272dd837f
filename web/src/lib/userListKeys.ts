import { queryKeys } from './queryKeys';

/** The keys of everything the user lists read: a change to a user (saved, enabled, deleted) refreshes them all. */
export const userListKeys = queryKeys('userList', {
  list: (...parts: unknown[]) => parts,
  count: (...parts: unknown[]) => parts,
  filterFields: (adminMode: boolean, providerCustomer: unknown) => [adminMode, providerCustomer],
  inactive: (keyword: string, pageIndex: number) => [keyword, pageIndex],
});

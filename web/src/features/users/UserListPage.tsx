import { useState } from 'react';
import { Button, H1, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PAGE_SIZE, type UserRow } from '../../../../contract/accountManagement';
import { ROLE } from '../../../../contract/limits';
import {
  ColumnFilterDialog,
  FilterChips,
  ListBody,
  usePageWithinList,
  useSearchText,
  withFilter,
  useListCount,
  useRowSelection,
  SelectionBar,
} from '../../components/list';
import { useCurrentSession } from '../../lib/currentUser';
import { useListParams } from '../../lib/listUrl';
import { ActivationFilter } from './ActivationFilter';
import { InactiveUsersDialog } from './InactiveUsersDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { UserGrid } from './UserGrid';
import { orderSettingsOf, USER_LIST_DEFAULTS, USER_LIST_PARAMS, userFields, type UserListState } from './userFields';
import { userListKeys } from '../../lib/userListKeys';
import { userSuggestions } from './userQueries';
import { userCountQuery, useUserList } from './api/userList';

type OpenDialog = { kind: 'filter'; field: string } | { kind: 'invite' };

/**
 * The user lists (spec 3 section 2 "User lists"): the customer's users at /app/userManagement with Invite user, and
 * in admin mode every customer's users with a customer column and, for admins, the inactive users.
 */
export function UserListPage({ adminList }: { adminList: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, base, adminMode } = useCurrentSession();
  const isAdmin = user.isPEUser || user.role === ROLE.Admin;
  const fields = userFields(adminList);
  const [state, changeState] = useListParams(
    adminList ? USER_LIST_PARAMS.admin : USER_LIST_PARAMS.customer,
    USER_LIST_DEFAULTS,
  );
  const keyword = state.q;
  const pageIndex = state.page;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const list = useUserList({
    adminMode,
    filter: state.filter,
    orderSettings: orderSettingsOf(state.sort),
    keyword,
    pageIndex,
  });
  const count = useListCount(list, userCountQuery({ adminMode, filter: state.filter, keyword }));
  // The user list has no action on a row (spec 3 section 2), so none on several: the selection is counted and cleared.
  const selection = useRowSelection({
    idOf: (row: UserRow) => row.userId,
    query: [adminMode, state.filter, keyword],
  });
  const [suggestions] = useState(() => userSuggestions(adminMode, user.userLocation.customer.isProviderDomain));

  // A new filter, sort or search starts again from the first page.
  const change = (next: Partial<UserListState>) => changeState({ ...next, page: 0 });
  const { typed, setTyped } = useSearchText({ searched: keyword, onSearch: (q) => change({ q }) });
  const setPageIndex = (page: number) => changeState({ page });
  usePageWithinList(
    pageIndex,
    USER_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.totalCount,
    setPageIndex,
    list.data?.totalCountExact !== false,
  );
  const inactiveOpen = adminList && isAdmin && state.dialog === 'inactive';

  return (
    <section className="list-page">
      <header className="list-toolbar">
        <H1 id="users-title">{adminList ? t('users:title_admin') : t('users:title')}</H1>
        <InputGroup
          type="search"
          leftIcon="search"
          className="list-search"
          placeholder={t('users:search_placeholder')}
          aria-label={t('users:search_placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <ActivationFilter
          filters={state.filter}
          onChange={(filter) => change({ filter: withFilter(state.filter, 'statusCode', filter) })}
        />
        {adminList && isAdmin && (
          <Button icon="disable" text={t('users:inactive_users')} onClick={() => changeState({ dialog: 'inactive' })} />
        )}
        {!adminList && (
          <Button
            icon="new-person"
            intent="primary"
            text={t('users:invite_user')}
            onClick={() => setDialog({ kind: 'invite' })}
          />
        )}
      </header>

      <FilterChips
        fields={fields}
        filters={state.filter}
        onEdit={(field) => setDialog({ kind: 'filter', field })}
        onRemove={(field) => change({ filter: withFilter(state.filter, field, null) })}
        onClearAll={() => change({ filter: [] })}
      />

      <SelectionBar selection={selection} />

      <ListBody
        list={list}
        paging={{ pageIndex, pageSize: USER_PAGE_SIZE, onPage: setPageIndex }}
        count={count}
        texts={{
          loading: t('users:loading'),
          loadFailed: t('users:load_failed'),
          empty: t('users:empty'),
          emptyFiltered: t('users:empty_filtered'),
        }}
        emptyIcon="people"
        narrowed={state.filter.length > 0 || keyword !== ''}
        onClearQuery={() => change({ q: '', filter: [] })}
      >
        {(rows) => (
          <UserGrid
            rows={rows}
            fields={fields}
            detailsBase={`${base}/userManagement/userDetails`}
            order={orderSettingsOf(state.sort)}
            userSorted={state.sort.length > 0}
            filters={state.filter}
            onSort={(field, orderType) => change({ sort: orderType === null ? [] : [{ field, orderType }] })}
            onFilter={(field) => setDialog({ kind: 'filter', field })}
            selection={selection}
          />
        )}
      </ListBody>
      {list.isFetching && !list.isPending && <Tag minimal>{t('users:loading')}</Tag>}

      <ColumnFilterDialog
        field={dialog?.kind === 'filter' ? dialog.field : null}
        fields={fields}
        suggestions={suggestions}
        filters={state.filter}
        keyword={keyword}
        onClose={() => setDialog(null)}
        onApply={(field, filter) => {
          change({ filter: withFilter(state.filter, field, filter) });
          setDialog(null);
        }}
      />
      {!adminList && (
        <InviteUserDialog
          isOpen={dialog?.kind === 'invite'}
          onClose={() => setDialog(null)}
          onInvited={() => void queryClient.invalidateQueries({ queryKey: userListKeys.all })}
        />
      )}
      {adminList && (
        <InactiveUsersDialog
          isOpen={inactiveOpen}
          keyword={state.iq}
          pageIndex={state.ipage}
          onSearch={(iq) => changeState({ iq, ipage: 0 })}
          onPage={(ipage) => changeState({ ipage })}
          onClose={() => changeState({ dialog: '', iq: '', ipage: 0 })}
        />
      )}
    </section>
  );
}

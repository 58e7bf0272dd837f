import { useState } from 'react';
import { Button, H2, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PAGE_SIZE } from '../../../../contract/accountManagement';
import { ROLE } from '../../../../contract/limits';
import { ColumnFilterDialog, FilterChips, ListBody, useSearchText, withFilter } from '../../components/list';
import { useCurrentSession } from '../../lib/currentUser';
import { InactiveUsersDialog } from './InactiveUsersDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { UserGrid } from './UserGrid';
import { orderSettingsOf, userFields, type UserListState } from './userFields';
import { USERS_KEY } from '../../lib/userListKey';
import { userSuggestions, useUserList } from './userQueries';

type OpenDialog = { kind: 'filter'; field: string } | { kind: 'invite' } | { kind: 'inactive' };

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
  const [state, setState] = useState<UserListState>({ filter: [], sort: [] });
  const { typed, setTyped, keyword } = useSearchText();
  const [pageIndex, setPageIndex] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const list = useUserList(state, keyword, pageIndex, adminMode);
  const [suggestions] = useState(() => userSuggestions(adminMode, user.userLocation.customer.isProviderDomain));

  const change = (next: Partial<UserListState>) => {
    setState((s) => ({ ...s, ...next }));
    setPageIndex(0);
  };
  const search = (text: string) => {
    setTyped(text);
    setPageIndex(0);
  };

  return (
    <section className="list-page" aria-labelledby="users-title">
      <header className="list-toolbar">
        <H2 id="users-title">{adminList ? t('users:title_admin') : t('users:title')}</H2>
        <InputGroup
          type="search"
          leftIcon="search"
          className="list-search"
          placeholder={t('users:search_placeholder')}
          aria-label={t('users:search_placeholder')}
          value={typed}
          onChange={(e) => search(e.target.value)}
        />
        {adminList && isAdmin && (
          <Button icon="disable" text={t('users:inactive_users')} onClick={() => setDialog({ kind: 'inactive' })} />
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

      <ListBody
        list={list}
        paging={{ pageIndex, pageSize: USER_PAGE_SIZE, onPage: setPageIndex }}
        texts={{
          loading: t('users:loading'),
          loadFailed: t('users:load_failed'),
          empty: t('users:empty'),
          emptyFiltered: t('users:empty_filtered'),
        }}
        emptyIcon="people"
        narrowed={state.filter.length > 0 || keyword !== ''}
        onClearQuery={() => {
          search('');
          change({ filter: [] });
        }}
      >
        {(rows) => (
          <UserGrid
            rows={rows}
            fields={fields}
            detailsBase={`${base}/userManagement/userDetails`}
            order={orderSettingsOf(state)}
            userSorted={state.sort.length > 0}
            filters={state.filter}
            onSort={(field, orderType) => change({ sort: orderType === null ? [] : [{ field, orderType }] })}
            onFilter={(field) => setDialog({ kind: 'filter', field })}
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
          onInvited={() => void queryClient.invalidateQueries({ queryKey: [USERS_KEY] })}
        />
      )}
      {adminList && <InactiveUsersDialog isOpen={dialog?.kind === 'inactive'} onClose={() => setDialog(null)} />}
    </section>
  );
}

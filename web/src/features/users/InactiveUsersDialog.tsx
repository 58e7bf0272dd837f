import { Button, DialogBody, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INACTIVE_USER_PAGE_SIZE, type UserRow } from '../../../../contract/accountManagement';
import { ListBody, usePageWithinList, useSearchText } from '../../components/list';
import { Pager } from '../../components/Pager';
import { showToast } from '../../components/showToast';
import { userListKeys } from '../../lib/userListKeys';
import { enableUser } from './api/userChanges';
import { useInactiveUsers } from './api/inactiveUsers';
import { PortalDialog } from '../../components/dialog/PortalDialog';

export interface InactiveUsersDialogProps {
  isOpen: boolean;
  /** The searched words and the page: the list page keeps them in its URL. */
  keyword: string;
  pageIndex: number;
  onSearch(keyword: string): void;
  onPage(pageIndex: number): void;
  onClose(): void;
}

/**
 * The admins' inactive-users modal (spec 3 sections 2 and 4): disabled users 10 a page, searched by display name,
 * each with Enable, which moves the user to the active list.
 */
export function InactiveUsersDialog({
  isOpen,
  keyword,
  pageIndex,
  onSearch,
  onPage,
  onClose,
}: InactiveUsersDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { typed, setTyped } = useSearchText({ searched: keyword, onSearch });
  const list = useInactiveUsers(keyword, pageIndex, isOpen);
  usePageWithinList(
    pageIndex,
    INACTIVE_USER_PAGE_SIZE,
    isOpen && !list.isPlaceholderData ? list.data?.totalCount : undefined,
    onPage,
  );

  const enable = useMutation({
    mutationFn: enableUser,
    onSuccess: (_, user) => {
      showToast(t('users:enabled', { name: user.displayName }), Intent.SUCCESS);
      // The last user of a page moves the list back a page.
      if (list.data?.items.length === 1 && pageIndex > 0) onPage(pageIndex - 1);
      void queryClient.invalidateQueries({ queryKey: userListKeys.all });
    },
  });

  const table = (rows: UserRow[]) => (
    <>
      <HTMLTable compact striped style={{ width: '100%' }} aria-label={t('users:inactive_title')}>
        <thead>
          <tr>
            <th>{t('users:field_displayName')}</th>
            <th>{t('users:field_emailAddress')}</th>
            <th>{t('users:field_customerName')}</th>
            <th>
              <span className="bp6-text-muted">{t('users:inactive_action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user.userId}>
              <td>{user.displayName}</td>
              <td>{user.emailAddress}</td>
              <td>{user.userLocation?.customer.name}</td>
              <td>
                <Button
                  size="small"
                  intent={Intent.PRIMARY}
                  text={t('users:enable')}
                  aria-label={t('users:enable_of', { name: user.displayName })}
                  loading={enable.isPending && enable.variables?.userId === user.userId}
                  disabled={enable.isPending}
                  onClick={() => enable.mutate(user)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Pager
        pageIndex={pageIndex}
        pageSize={INACTIVE_USER_PAGE_SIZE}
        totalCount={list.data?.totalCount ?? 0}
        placeholder={list.isPlaceholderData}
        onPage={onPage}
      />
    </>
  );

  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('users:inactive_title')}
      icon="disable"
      style={{ width: 760 }}
    >
      <DialogBody>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('users:inactive_search')}
          aria-label={t('users:inactive_search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        <div aria-busy={list.isFetching}>
          <ListBody
            list={list}
            texts={{
              loading: t('users:loading'),
              loadFailed: t('users:load_failed'),
              empty: t('users:inactive_none'),
              emptyFiltered: t('users:inactive_none_found'),
            }}
            emptyIcon="people"
            narrowed={keyword !== ''}
          >
            {table}
          </ListBody>
        </div>
      </DialogBody>
    </PortalDialog>
  );
}

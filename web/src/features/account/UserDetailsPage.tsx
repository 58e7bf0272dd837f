import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { contract } from '../../../../contract';
import { showToast } from '../../components/showToast';
import { AccountPage } from './MyAccountPage';
import { useMayCall } from '../../lib/access';
import { useCurrentSession } from '../../lib/currentUser';
import { userListKeys } from '../../lib/userListKeys';
import { removeUser } from './api/accountDetail';
import { ConfirmAlert } from '../../components/confirm/ConfirmAlert';

/**
 * Another user's account (/userManagement/userDetails/{userId}): the account screen, with Back when opened from a
 * user list and, for a manager or admin, Delete after a confirmation (spec 3 sections 2 and 6).
 */
export function UserDetailsPage() {
  const { t } = useTranslation();
  const { userId: param } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, base, adminMode } = useCurrentSession();
  const [confirming, setConfirming] = useState(false);
  const userId = Number(param);
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const listPath = adminMode ? `${base}/administration/userManagement` : `${base}/userManagement`;
  const mayDelete = useMayCall(contract.accountManagement.remove) && userId !== user.userId;

  const remove = useMutation({
    mutationFn: () => removeUser(userId),
    onSuccess: () => {
      showToast(t('users:deleted'), Intent.SUCCESS);
      void queryClient.invalidateQueries({ queryKey: userListKeys.all });
      navigate(listPath, { replace: true });
    },
    onSettled: () => setConfirming(false),
  });

  if (!Number.isInteger(userId) || userId <= 0) return <Navigate to={listPath} replace />;

  const actions = (
    <>
      {fromList && <Button icon="arrow-left" text={t('users:back')} onClick={() => navigate(-1)} />}
      {mayDelete && (
        <Button icon="trash" intent={Intent.DANGER} text={t('users:delete')} onClick={() => setConfirming(true)} />
      )}
      <ConfirmAlert
        isOpen={confirming}
        icon="trash"
        message={t('users:delete_confirm')}
        confirmText={t('users:delete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );

  return (
    <AccountPage
      key={userId}
      userId={userId}
      actions={actions}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: userListKeys.all })}
    />
  );
}

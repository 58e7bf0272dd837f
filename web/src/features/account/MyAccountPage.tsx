import { useState, type ReactNode } from 'react';
import { Button, Card, Classes, H1, H2, HTMLTable, Icon, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../contract';
import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import { ROLE } from '../../../../contract/limits';
import { useMayCall } from '../../lib/access';
import { useAccountDetail } from './api/accountDetail';
import { useCurrentSession } from '../../lib/currentUser';
import { AccountAvatar } from './AccountAvatar';
import { CalendarFeedSection } from './CalendarFeedSection';
import { DueDigestSetting } from './DueDigestSetting';
import { LanguageSetting } from './LanguageSetting';
import { ProfileEditDialog } from './ProfileEditDialog';

const countryName = (code: string, language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

export interface AccountPageProps {
  /** Another user's account (spec 3 "userDetails"); the own account when absent. */
  userId?: number;
  /** Buttons beside Edit on another user's account: Back and Delete. */
  actions?: ReactNode;
  /** After another user's account was saved. */
  onSaved?: () => void;
}

/** The account screen (spec 3 section 2 "Account"): a user's details, company info and the edit modal. */
export function AccountPage({ userId, actions, onSaved: saved }: AccountPageProps) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentSession();
  const viewedId = userId ?? user.userId;
  const self = viewedId === user.userId;
  const mayEditOthers = useMayCall(contract.accountManagement.update);
  const mayEdit = self || mayEditOthers;
  const [editing, setEditing] = useState(false);
  const detail = useAccountDetail(viewedId);

  if (detail.isPending) {
    return (
      <div className="portal-page">
        <Spinner aria-label={t('loading')} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="portal-page">
        <NonIdealState
          icon="error"
          title={t('my_account_load_failed')}
          action={
            <>
              {actions}
              <Button icon="refresh" text={t('retry')} onClick={() => void detail.refetch()} />
            </>
          }
        />
      </div>
    );
  }

  const u = detail.data;
  const loc = u.userLocation;
  const language = u.languageId ? LANGUAGE_CODES[u.languageId - 1] : undefined;
  const notSet = <span className={Classes.TEXT_MUTED}>{t('my_account_not_set')}</span>;
  const row = (label: string, value: ReactNode) => (
    <tr>
      <th scope="row" style={{ width: 220 }}>
        {label}
      </th>
      <td>{value || notSet}</td>
    </tr>
  );
  const title = self ? t('my_account') : t('users:account_of', { name: `${u.firstName} ${u.lastName}` });

  const onSaved = () => {
    setEditing(false);
    void detail.refetch();
    saved?.();
  };

  return (
    <div className="portal-page">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        {self ? (
          <AccountAvatar />
        ) : u.avatarUrl ? (
          <img className="account-photo" src={u.avatarUrl} alt={t('users:photo_of', { name: u.firstName })} />
        ) : (
          <Icon icon="person" size={64} aria-hidden />
        )}
        <H1 style={{ margin: 0, flex: 1 }}>{title}</H1>
        {actions}
        {mayEdit && (
          <Button icon="edit" intent={Intent.PRIMARY} text={t('my_account_edit')} onClick={() => setEditing(true)} />
        )}
      </div>
      <Card>
        <HTMLTable compact style={{ width: '100%' }} aria-label={title}>
          <tbody>
            {row(t('my_account_name'), `${u.firstName} ${u.lastName}`)}
            {row(t('email_address'), u.emailAddress)}
            {row(
              t('my_account_language'),
              self ? <LanguageSetting languageId={u.languageId} /> : language ? LANGUAGE_NATIVE_NAMES[language] : null,
            )}
            {row(t('office_phone'), u.officePhone)}
            {row(t('my_account_department'), u.department)}
            {row(t('my_account_job_title'), u.jobTitle)}
            {row(t('my_account_role'), t(`my_account_role_${u.role}`))}
          </tbody>
        </HTMLTable>
      </Card>
      <H2 className="portal-heading-4" style={{ marginTop: 24 }}>
        {t('my_account_company_info')}
      </H2>
      <Card>
        <HTMLTable compact style={{ width: '100%' }} aria-label={t('my_account_company_info')}>
          <tbody>
            {row(t('company_name'), loc?.companyName)}
            {row(t('my_account_country'), loc ? countryName(loc.countryCode, i18n.language) : null)}
            {row(t('my_account_address'), loc?.address)}
            {row(t('my_account_city'), loc?.city)}
            {row(t('my_account_state'), loc?.state)}
            {row(t('my_account_zip'), loc?.zip)}
          </tbody>
        </HTMLTable>
      </Card>
      {self && <CalendarFeedSection />}
      {self && <DueDigestSetting />}
      {editing && (
        <ProfileEditDialog
          user={u}
          self={self}
          editorIsAdmin={user.isPEUser || user.role === ROLE.Admin}
          isOpen
          onClose={() => setEditing(false)}
          onSaved={onSaved}
        />
      )}
    </div>
  );
}

/** The own account (/userManagement/myAccount). */
export const MyAccountPage = () => <AccountPage />;

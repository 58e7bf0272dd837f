import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  H2,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../components/confirm/useConfirmation';
import { LocationOptions } from '../../components/LocationOptions';
import {
  allowedRoleChoices,
  DEPARTMENT_MAX,
  FIRST_NAME_MAX,
  JOB_TITLE_MAX,
  LAST_NAME_MAX,
  OFFICE_PHONE_MAX,
  ProfileEdit,
  type UserDetail,
} from '../../../../contract/accountManagement';
import { ADDRESS_MAX, COMPANY_NAME_MAX, STATE_MAX, ZIP_MAX } from '../../../../contract/location';
import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import { locationDetail, saveProfile } from './api/accountDetail';
import { useUnsavedData } from '../../lib/unsavedData';
import { getToaster } from '../../components/toaster';
import { PortalDialog } from '../../components/dialog/PortalDialog';

/** The fields in the order of the form: a failed save moves the focus to the first of them in error. */
const FIELDS = [
  'firstName',
  'lastName',
  'languageId',
  'officePhone',
  'department',
  'jobTitle',
  'role',
  'companyName',
  'address',
  'state',
  'zip',
] as const;
type Field = (typeof FIELDS)[number];

type Draft = Record<Field | 'locationId', string>;

const draftOf = (u: UserDetail): Draft => ({
  firstName: u.firstName,
  lastName: u.lastName,
  languageId: u.languageId ? String(u.languageId) : '',
  officePhone: u.officePhone ?? '',
  department: u.department ?? '',
  jobTitle: u.jobTitle ?? '',
  role: String(u.role),
  locationId: u.userLocation ? String(u.userLocation.locationId) : '',
  companyName: u.userLocation?.companyName ?? '',
  address: u.userLocation?.address ?? '',
  state: u.userLocation?.state ?? '',
  zip: u.userLocation?.zip ?? '',
});

const controlIdOf = (field: Field | 'locationId') => `profile-edit-${field}`;

/**
 * The edit-profile modal of the own account or, for a manager or admin, another user's (spec 3 sections 2 and 5),
 * with the company fields when the user has a location. The own language is a setting of the account page, saved on
 * its own, so the own profile's form leaves it out.
 */
export function ProfileEditDialog({
  user,
  self,
  editorIsAdmin,
  isOpen,
  onClose,
  onSaved,
}: {
  user: UserDetail;
  /** The own account (PUT Users/profile) or another user's (PUT users/{id}, with that edit's role choices). */
  self: boolean;
  editorIsAdmin: boolean;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (saved: UserDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => draftOf(user));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== initial[k]);
  useUnsavedData(isOpen && dirty);

  const save = useMutation({
    mutationFn: (body: ProfileEdit) => saveProfile(self, user.userId, body),
    onSuccess: (saved) => {
      void getToaster().then((toaster) => toaster.show({ message: t('my_account_saved'), intent: Intent.SUCCESS }));
      onSaved(saved);
    },
  });

  const messageOf = (key: string) =>
    key === 'phone' ? t('my_account_invalid_phone') : i18n.exists(key) ? t(key) : t('invalid_value');

  const hasLocation = user.userLocation !== null;
  // The own form has no language field: it keeps the saved language (or the one the portal shows, when none is).
  const ownLanguage = user.languageId ?? LANGUAGE_CODES.indexOf(i18n.language as (typeof LANGUAGE_CODES)[number]) + 1;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProfileEdit.safeParse({
      firstName: draft.firstName,
      lastName: draft.lastName,
      languageId: self ? ownLanguage || undefined : draft.languageId ? Number(draft.languageId) : undefined,
      officePhone: draft.officePhone,
      department: draft.department,
      jobTitle: draft.jobTitle.trim() || null,
      role: Number(draft.role),
      locationId: draft.locationId ? Number(draft.locationId) : null,
      ...(hasLocation
        ? { companyName: draft.companyName, address: draft.address, state: draft.state, zip: draft.zip }
        : {}),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= messageOf(issue.message);
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${controlIdOf(first)}`)?.focus();
      void getToaster().then((toaster) =>
        toaster.show({ message: t('validation_failed_tip'), intent: Intent.WARNING }),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });

  const set = (name: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const group = (name: Field, label: string, required: boolean, control: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={controlIdOf(name)}
      labelInfo={required ? '*' : undefined}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] && <span id={`${controlIdOf(name)}-error`}>{errors[name]}</span>}
    >
      {control}
    </FormGroup>
  );
  const text = (name: Field, label: string, required: boolean, maxLength: number) =>
    group(
      name,
      label,
      required,
      <InputGroup
        id={controlIdOf(name)}
        value={draft[name]}
        maxLength={maxLength}
        onValueChange={set(name)}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${controlIdOf(name)}-error` : undefined}
      />,
    );

  // Another city fills the company fields with that location's (spec 3 "GET Location/{locationId}").
  const chooseLocation = async (value: string) => {
    set('locationId')(value);
    const location = await locationDetail(Number(value)).catch(() => null);
    if (!location) return;
    setDraft((d) =>
      d.locationId !== value
        ? d
        : {
            ...d,
            companyName: location.companyName,
            address: location.address ?? '',
            state: location.state ?? '',
            zip: location.zip ?? '',
          },
    );
  };

  const roles = allowedRoleChoices(user.role, self, editorIsAdmin);
  const locations = user.userLocation?.customer.customerLocations ?? [];
  return (
    <>
      <PortalDialog
        isOpen={isOpen}
        onClose={requestClose}
        title={t('my_account_edit_title')}
        icon="edit"
        style={{ width: 1000, maxWidth: '95vw' }}
      >
        <form ref={formRef} onSubmit={submit} noValidate>
          <DialogBody>
            {save.isError && (
              <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                {t('my_account_save_failed')}
              </Callout>
            )}
            <div className="profile-edit-grid">
              {text('firstName', t('first_name'), true, FIRST_NAME_MAX)}
              {text('lastName', t('last_name'), true, LAST_NAME_MAX)}
              {!self &&
                group(
                  'languageId',
                  t('my_account_language'),
                  true,
                  <HTMLSelect
                    id={controlIdOf('languageId')}
                    fill
                    value={draft.languageId}
                    onChange={(e) => set('languageId')(e.currentTarget.value)}
                  >
                    <option value="" disabled>
                      {t('my_account_choose')}
                    </option>
                    {LANGUAGE_CODES.map((code, index) => (
                      <option key={code} value={index + 1}>
                        {LANGUAGE_NATIVE_NAMES[code]}
                      </option>
                    ))}
                  </HTMLSelect>,
                )}
              {text('officePhone', t('office_phone'), true, OFFICE_PHONE_MAX)}
              {text('department', t('my_account_department'), true, DEPARTMENT_MAX)}
              {text('jobTitle', t('my_account_job_title'), false, JOB_TITLE_MAX)}
              {group(
                'role',
                t('my_account_role'),
                true,
                <HTMLSelect
                  id={controlIdOf('role')}
                  fill
                  value={draft.role}
                  disabled={roles.length < 2}
                  onChange={(e) => set('role')(e.currentTarget.value)}
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {t(`my_account_role_${r}`)}
                    </option>
                  ))}
                </HTMLSelect>,
              )}
            </div>
            {hasLocation && (
              <>
                <H2 className="portal-heading-4">{t('my_account_company_info')}</H2>
                <div className="profile-edit-grid">
                  {text('companyName', t('company_name'), false, COMPANY_NAME_MAX)}
                  {text('address', t('my_account_address'), false, ADDRESS_MAX)}
                  {locations.length > 0 && (
                    <FormGroup label={t('my_account_city')} labelFor={controlIdOf('locationId')}>
                      <HTMLSelect
                        id={controlIdOf('locationId')}
                        fill
                        value={draft.locationId}
                        onChange={(e) => void chooseLocation(e.currentTarget.value)}
                      >
                        <LocationOptions locations={locations} />
                      </HTMLSelect>
                    </FormGroup>
                  )}
                  {text('state', t('my_account_state'), false, STATE_MAX)}
                  {text('zip', t('my_account_zip'), false, ZIP_MAX)}
                </div>
              </>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={save.isPending} />
                <Button type="submit" intent={Intent.PRIMARY} text={t('my_account_save')} loading={save.isPending} />
              </>
            }
          />
        </form>
      </PortalDialog>
      {discardQuestion}
    </>
  );
}

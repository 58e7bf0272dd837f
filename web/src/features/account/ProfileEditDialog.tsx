import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
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
import { allowedRoleChoices, ProfileEdit, type UserDetail } from '../../../../contract/accountManagement';
import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import { saveProfile } from './api/accountDetail';
import { useUnsavedData } from '../../lib/unsavedData';
import { getToaster } from '../../components/toaster';
import { PortalDialog } from '../../components/dialog/PortalDialog';

type Field = 'firstName' | 'lastName' | 'languageId' | 'officePhone' | 'department' | 'jobTitle' | 'role';

interface Draft {
  firstName: string;
  lastName: string;
  languageId: string;
  officePhone: string;
  department: string;
  jobTitle: string;
  role: string;
  locationId: string;
}

const draftOf = (u: UserDetail): Draft => ({
  firstName: u.firstName,
  lastName: u.lastName,
  languageId: u.languageId ? String(u.languageId) : '',
  officePhone: u.officePhone ?? '',
  department: u.department ?? '',
  jobTitle: u.jobTitle ?? '',
  role: String(u.role),
  locationId: u.userLocation ? String(u.userLocation.locationId) : '',
});

/** The edit-profile modal of the own account or, for a manager or admin, another user's (spec 3 sections 2 and 5). */
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProfileEdit.safeParse({
      firstName: draft.firstName,
      lastName: draft.lastName,
      languageId: draft.languageId ? Number(draft.languageId) : undefined,
      officePhone: draft.officePhone,
      department: draft.department,
      jobTitle: draft.jobTitle.trim() || null,
      role: Number(draft.role),
      locationId: draft.locationId ? Number(draft.locationId) : null,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= messageOf(issue.message);
      setErrors(found);
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
      labelFor={`profile-edit-${name}`}
      labelInfo={required ? '*' : undefined}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
    >
      {control}
    </FormGroup>
  );
  const text = (name: Field & keyof Draft, label: string, required: boolean) =>
    group(
      name,
      label,
      required,
      <InputGroup
        id={`profile-edit-${name}`}
        value={draft[name]}
        onValueChange={set(name)}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
      />,
    );

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
        <form onSubmit={submit} noValidate>
          <DialogBody>
            {save.isError && (
              <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                {t('my_account_save_failed')}
              </Callout>
            )}
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 24 }}>
              {text('firstName', t('first_name'), true)}
              {text('lastName', t('last_name'), true)}
              {group(
                'languageId',
                t('my_account_language'),
                true,
                <HTMLSelect
                  id="profile-edit-languageId"
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
              {text('officePhone', t('office_phone'), true)}
              {text('department', t('my_account_department'), true)}
              {text('jobTitle', t('my_account_job_title'), false)}
              {group(
                'role',
                t('my_account_role'),
                true,
                <HTMLSelect
                  id="profile-edit-role"
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
              {locations.length > 0 && (
                <FormGroup label={t('my_account_city')} labelFor="profile-edit-locationId">
                  <HTMLSelect
                    id="profile-edit-locationId"
                    fill
                    value={draft.locationId}
                    onChange={(e) => set('locationId')(e.currentTarget.value)}
                  >
                    <LocationOptions locations={locations} />
                  </HTMLSelect>
                </FormGroup>
              )}
            </div>
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

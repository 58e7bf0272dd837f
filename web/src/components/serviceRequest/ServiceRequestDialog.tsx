import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  ProgressBar,
  Spinner,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { ErrorCode } from '../../../../contract/errors';
import { ATTACHMENT_EXTENSIONS } from '../../../../contract/images';
import { SERVICE_REQUEST_MAX, SERVICE_REQUEST_REFUSAL } from '../../../../contract/serviceCalls';
import { useDiscardConfirmation } from '../confirm/useConfirmation';
import { RemoteSuggest } from '../RemoteSuggest';
import { serviceCallKeys } from '../serviceCalls';
import { showToast } from '../showToast';
import { SubmitProblemCallout } from '../SubmitProblemCallout';
import {
  createServiceRequest,
  searchCustomerUsers,
  searchEquipment,
  serviceRequestKeys,
  useOptionSettings,
} from './api/serviceRequest';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage, fieldMessagesOf, generalMessageOf, type FailureRules } from '../../lib/failureMessage';
import { useUnsavedData } from '../../lib/unsavedData';
import { uploadAttachment } from './attachmentUpload';
import { readRememberedEmails, storeRememberedEmails } from './rememberedEmails';
import {
  attachmentProblem,
  initialDraft,
  isDirty,
  notifyAddress,
  requestOf,
  tickedAddresses,
  TOO_LARGE,
  validate,
  withAddress,
  withoutAddress,
  WRONG_TYPE,
  type CustomerUser,
  type Draft,
  type Field,
  type FieldErrors,
  type NotifyRole,
} from './serviceRequestDraft';
import { PortalDialog } from '../dialog/PortalDialog';

/** Width of the modal (spec 2 section 9: modal widths 1000 and 750). */
const DIALOG_WIDTH = 750;
/** Instruments offered by the instrument search at once. Chosen: not in spec. */
const EQUIPMENT_SEARCH_SIZE = 20;
const ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const TYPE_LIST = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(' ');

export interface ServiceRequestDialogProps {
  isOpen: boolean;
  /** The instrument the request is about; null opens the dialog without one (the toggle can pick one). */
  equipment: Equipment | null;
  onClose(): void;
  onSubmitted?(serviceOrderNo: string): void;
}

/**
 * The new-service-request modal (spec 2 sections 2, 3, 5 and 7): with or without a chosen instrument, for oneself or
 * a colleague, with a notification list, one attachment uploaded to storage first, then POST ServiceCall.
 */
export function ServiceRequestDialog({ isOpen, equipment, onClose, onSubmitted }: ServiceRequestDialogProps) {
  // Mounted only while open, so every opening starts from a fresh form.
  return isOpen ? <ServiceRequestForm equipment={equipment} onClose={onClose} onSubmitted={onSubmitted} /> : null;
}

/** What went wrong with the upload or the call, as messages; null when another part of the app answers it. */
const SUBMIT_FAILURES: FailureRules<Field> = {
  failed: { key: 'serviceRequest:submit_failed' },
  refused: { key: 'serviceRequest:submit_refused' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002', field: 'equipment' } },
  byRefusal: {
    [SERVICE_REQUEST_REFUSAL.issueType]: { key: SERVICE_REQUEST_REFUSAL.issueType, field: 'issueType' },
    [SERVICE_REQUEST_REFUSAL.requestedFor]: { key: SERVICE_REQUEST_REFUSAL.requestedFor, field: 'requestedFor' },
    [SERVICE_REQUEST_REFUSAL.attachmentMissing]: {
      key: SERVICE_REQUEST_REFUSAL.attachmentMissing,
      field: 'attachment',
    },
  },
  upload: {
    field: 'attachment',
    tooLarge: TOO_LARGE,
    wrongType: WRONG_TYPE,
    failed: { key: 'serviceRequest:upload_failed' },
  },
};

const toast = (message: string, intent: Intent) => showToast(message, intent, 'error');

function ServiceRequestForm({ equipment, onClose, onSubmitted }: Omit<ServiceRequestDialogProps, 'isOpen'>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  const ids = useId();
  const idOf = (field: string) => `${ids}-${field}`;
  const [initial] = useState(() => initialDraft(equipment, user.officePhone, readRememberedEmails(user.userId)));
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [percent, setPercent] = useState(0);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const dirty = isDirty(draft, initial);
  useUnsavedData(dirty);

  // Service types and priorities come from the application configuration (spec 2 section 9).
  const options = useOptionSettings();
  const issueTypes = (options.data?.serviceTypes ?? []).filter((type) => type.group === 'ServiceWork');
  const priorities = options.data?.priorities ?? [];
  const labelOf = (name: string) => (i18n.exists(`serviceRequest:${name}`) ? t(`serviceRequest:${name}`) : name);
  const defaults = {
    issueType: issueTypes[0] ? String(issueTypes[0].id) : '',
    contactName: user.displayName,
    email: user.emailAddress,
  };

  const submit = useMutation({
    mutationFn: async (file: File | null) => {
      let attachFiles: Awaited<ReturnType<typeof uploadAttachment>>[] = [];
      if (file) {
        const controller = new AbortController();
        upload.current = controller;
        setPercent(0);
        attachFiles = [await uploadAttachment(file, setPercent, controller.signal)];
      }
      return createServiceRequest(requestOf(draft, defaults, attachFiles));
    },
    onSuccess: ({ serviceOrderNo }) => {
      storeRememberedEmails(user.userId, draft.rememberEmails, draft.requestEmail, tickedAddresses(draft));
      toast(t('serviceRequest:submitted', { serviceOrderNo }), Intent.SUCCESS);
      // The request is a new work order: the lists of service calls show it.
      void queryClient.invalidateQueries({ queryKey: serviceCallKeys.all });
      onSubmitted?.(serviceOrderNo);
      onClose();
    },
    onError: (e) => {
      handOverSessionErrors(e);
      const found = failureMessage(e, SUBMIT_FAILURES);
      if (found?.field) setErrors(fieldMessagesOf(found));
    },
  });
  const busy = submit.isPending;
  const general = submit.isError ? generalMessageOf(failureMessage(submit.error, SUBMIT_FAILURES)) : null;

  const change = (patch: Partial<Draft>, clear: Field[] = []) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (clear.length > 0)
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !clear.includes(f as Field))));
  };

  /** A different instrument (or none) undoes the ticks: their addresses were the old instrument's. */
  const changeEquipment = (patch: Partial<Pick<Draft, 'withEquipment' | 'equipment'>>) => {
    setDraft((d) => {
      let requestEmail = d.requestEmail;
      for (const role of ['primaryUser', 'labManager'] as const) {
        const address = notifyAddress(d.equipment, role);
        if (d.notify[role] && address) requestEmail = withoutAddress(requestEmail, address);
      }
      return { ...d, ...patch, requestEmail, notify: { primaryUser: false, labManager: false } };
    });
    setErrors(({ equipment: _equipment, requestEmail: _requestEmail, ...rest }) => rest);
  };

  /** Ticking adds the instrument's address when it is valid, otherwise an error toast; unticking removes it. */
  const toggleNotify = (role: NotifyRole, on: boolean) => {
    const address = notifyAddress(draft.equipment, role);
    if (on && !address) {
      toast(
        t(
          role === 'primaryUser'
            ? 'serviceRequest:primary_user_email_invalid'
            : 'serviceRequest:lab_manager_email_invalid',
        ),
        Intent.DANGER,
      );
      return;
    }
    change(
      {
        notify: { ...draft.notify, [role]: on },
        requestEmail: on ? withAddress(draft.requestEmail, address!) : withoutAddress(draft.requestEmail, address!),
      },
      ['requestEmail'],
    );
  };

  const pickFiles = (files: File[]) => {
    if (files.length === 0 || busy) return;
    const problem = attachmentProblem(draft.attachment ? [draft.attachment, ...files] : files);
    if (problem) {
      setErrors((e) => ({ ...e, attachment: problem }));
      return;
    }
    change({ attachment: files[0]! }, ['attachment']);
  };

  const send = () => {
    if (busy) return;
    const found = validate(requestOf(draft, defaults, []), draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast(t('validation_failed_tip'), Intent.WARNING);
      return;
    }
    submit.mutate(draft.attachment);
  };

  const { requestClose, element: discardQuestion } = useDiscardConfirmation({
    dirty,
    busy,
    onClose,
    discardText: t('serviceRequest:discard'),
  });

  const group = (field: Field | null, label: string, required: boolean, control: ReactNode, helper?: ReactNode) => {
    const error = field ? errors[field] : undefined;
    return (
      <FormGroup
        label={label}
        labelFor={field ? idOf(field) : undefined}
        labelInfo={required ? '*' : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={
          error ? (
            <span id={field ? `${idOf(field)}-error` : undefined} role="alert">
              {t(error.key, error.values)}
            </span>
          ) : (
            helper
          )
        }
      >
        {control}
      </FormGroup>
    );
  };
  const intentOf = (field: Field) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const describedBy = (field: Field) => (errors[field] ? `${idOf(field)}-error` : undefined);

  const chosen = draft.withEquipment ? draft.equipment : null;
  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={t('serviceRequest:dialog_title')}
        icon="build"
        style={{ width: DIALOG_WIDTH, maxWidth: '95vw' }}
        canEscapeKeyClose={!busy}
      >
        <DialogBody>
          <Switch
            label={t('serviceRequest:mode_with_equipment')}
            checked={draft.withEquipment}
            disabled={busy}
            onChange={(e) => changeEquipment({ withEquipment: e.currentTarget.checked })}
          />
          {draft.withEquipment ? (
            <>
              {equipment === null &&
                group(
                  'equipment',
                  t('serviceRequest:equipment'),
                  true,
                  <RemoteSuggest<Equipment>
                    id={idOf('equipment')}
                    value={draft.equipment}
                    onChange={(next) => changeEquipment({ equipment: next })}
                    search={(keyword) => searchEquipment(keyword, EQUIPMENT_SEARCH_SIZE)}
                    queryKey={serviceRequestKeys.equipment()}
                    itemKey={(e) => e.equipmentId}
                    itemText={(e) => [e.mfg, e.model].filter(Boolean).join(' ')}
                    itemLabel={(e) => e.serial ?? undefined}
                    inputValue={(e) => [e.mfg, e.model, e.serial].filter(Boolean).join(' ')}
                    placeholder={t('serviceRequest:equipment_search')}
                    texts={{
                      loading: t('serviceRequest:searching'),
                      noResults: t('serviceRequest:equipment_none_found'),
                      failed: t('serviceRequest:equipment_search_failed'),
                      clear: t('serviceRequest:clear_choice'),
                    }}
                    intent={intentOf('equipment')}
                    describedBy={describedBy('equipment')}
                    disabled={busy}
                  />,
                )}
              {chosen && <EquipmentSummary equipment={chosen} />}
              {equipment !== null && errors.equipment && (
                <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                  {t(errors.equipment.key, errors.equipment.values)}
                </Callout>
              )}
            </>
          ) : (
            <p className={Classes.TEXT_MUTED}>{t('serviceRequest:mode_without_equipment_hint')}</p>
          )}

          {options.isPending ? (
            <div role="status" style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 15 }}>
              <Spinner size={16} /> <span>{t('serviceRequest:options_loading')}</span>
            </div>
          ) : options.isError ? (
            <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 15 }}>
              {t('serviceRequest:options_failed')}{' '}
              <Button variant="minimal" size="small" text={t('retry')} onClick={() => void options.refetch()} />
            </Callout>
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 24 }}>
              {group(
                'issueType',
                t('serviceRequest:issue_type'),
                true,
                <HTMLSelect
                  id={idOf('issueType')}
                  fill
                  disabled={busy}
                  value={draft.issueType || defaults.issueType}
                  onChange={(e) => change({ issueType: e.currentTarget.value }, ['issueType'])}
                  aria-describedby={describedBy('issueType')}
                >
                  {issueTypes.map((type) => (
                    <option key={type.id} value={String(type.id)}>
                      {labelOf(type.name)}
                    </option>
                  ))}
                </HTMLSelect>,
              )}
              {group(
                'priority',
                t('serviceRequest:priority'),
                true,
                <HTMLSelect
                  id={idOf('priority')}
                  fill
                  disabled={busy}
                  value={draft.priority}
                  onChange={(e) => change({ priority: Number(e.currentTarget.value) }, ['priority'])}
                  aria-describedby={describedBy('priority')}
                >
                  {priorities.map((priority) => (
                    <option key={priority.id} value={priority.id}>
                      {labelOf(priority.name)}
                    </option>
                  ))}
                </HTMLSelect>,
              )}
            </div>
          )}

          {group(
            'issueText',
            t('serviceRequest:issue_text'),
            true,
            <TextArea
              id={idOf('issueText')}
              fill
              rows={5}
              maxLength={SERVICE_REQUEST_MAX.issueText}
              disabled={busy}
              value={draft.issueText}
              intent={intentOf('issueText')}
              aria-describedby={describedBy('issueText')}
              onChange={(e) => change({ issueText: e.currentTarget.value }, ['issueText'])}
            />,
          )}

          <Switch
            label={t('serviceRequest:request_for_other')}
            checked={draft.requestForOther}
            disabled={busy}
            onChange={(e) => change({ requestForOther: e.currentTarget.checked, requestedFor: null }, ['requestedFor'])}
          />
          {draft.requestForOther &&
            group(
              'requestedFor',
              t('serviceRequest:requested_for'),
              true,
              <RemoteSuggest<CustomerUser>
                id={idOf('requestedFor')}
                value={draft.requestedFor}
                onChange={(next) => change({ requestedFor: next }, ['requestedFor'])}
                search={async (keyword) => (await searchCustomerUsers(keyword)).filter((u) => u.userId !== user.userId)}
                queryKey={serviceRequestKeys.customerUsers()}
                itemKey={(u) => u.userId}
                itemText={(u) => u.displayName}
                itemLabel={(u) => u.emailAddress}
                inputValue={(u) => `${u.displayName} (${u.emailAddress})`}
                placeholder={t('serviceRequest:requested_for_search')}
                texts={{
                  loading: t('serviceRequest:searching'),
                  noResults: t('serviceRequest:requested_for_none'),
                  failed: t('serviceRequest:requested_for_failed'),
                  clear: t('serviceRequest:clear_choice'),
                }}
                intent={intentOf('requestedFor')}
                describedBy={describedBy('requestedFor')}
                disabled={busy}
              />,
            )}

          {group(
            'requestEmail',
            t('serviceRequest:request_email'),
            false,
            <>
              <InputGroup
                id={idOf('requestEmail')}
                disabled={busy}
                value={draft.requestEmail}
                intent={intentOf('requestEmail')}
                aria-describedby={describedBy('requestEmail')}
                onValueChange={(value) => change({ requestEmail: value }, ['requestEmail'])}
              />
              <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24, marginTop: 8 }}>
                {chosen && (
                  <>
                    <Checkbox
                      label={t('serviceRequest:notify_primary_user')}
                      checked={draft.notify.primaryUser}
                      disabled={busy}
                      onChange={(e) => toggleNotify('primaryUser', e.currentTarget.checked)}
                    />
                    <Checkbox
                      label={t('serviceRequest:notify_lab_manager')}
                      checked={draft.notify.labManager}
                      disabled={busy}
                      onChange={(e) => toggleNotify('labManager', e.currentTarget.checked)}
                    />
                  </>
                )}
                <Checkbox
                  label={t('serviceRequest:remember_emails')}
                  checked={draft.rememberEmails}
                  disabled={busy}
                  onChange={(e) => change({ rememberEmails: e.currentTarget.checked })}
                />
              </div>
            </>,
            t('serviceRequest:request_email_help'),
          )}

          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', columnGap: 16 }}>
            <FormGroup label={t('serviceRequest:contact_name')} labelFor={idOf('contactName')}>
              <InputGroup id={idOf('contactName')} readOnly value={user.displayName} />
            </FormGroup>
            <FormGroup label={t('serviceRequest:contact_email')} labelFor={idOf('contactEmail')}>
              <InputGroup id={idOf('contactEmail')} readOnly value={user.emailAddress} />
            </FormGroup>
            {group(
              'officePhone',
              t('serviceRequest:office_phone'),
              false,
              <InputGroup
                id={idOf('officePhone')}
                type="tel"
                disabled={busy}
                value={draft.officePhone}
                intent={intentOf('officePhone')}
                aria-describedby={describedBy('officePhone')}
                onValueChange={(value) => change({ officePhone: value }, ['officePhone'])}
              />,
            )}
          </div>

          {group(
            'attachment',
            t('serviceRequest:attachment'),
            false,
            <Card compact>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <FileInput
                  fill
                  disabled={busy}
                  text={
                    // Blueprint's own placeholder colour is too faint to read (axe colour contrast).
                    draft.attachment?.name ?? (
                      <span className={Classes.TEXT_MUTED}>{t('serviceRequest:attachment_choose')}</span>
                    )
                  }
                  hasSelection={draft.attachment !== null}
                  buttonText={t('serviceRequest:attachment_browse')}
                  inputProps={{
                    id: idOf('attachment'),
                    accept: ACCEPT,
                    'aria-label': t('serviceRequest:attachment'),
                    'aria-describedby': describedBy('attachment'),
                  }}
                  onInputChange={(e) => {
                    pickFiles(Array.from(e.currentTarget.files ?? []));
                    e.currentTarget.value = ''; // picking the same file again is a new pick
                  }}
                />
                {draft.attachment && (
                  <Button
                    variant="minimal"
                    icon="cross"
                    aria-label={t('serviceRequest:attachment_remove')}
                    title={t('serviceRequest:attachment_remove')}
                    disabled={busy}
                    onClick={() => change({ attachment: null }, ['attachment'])}
                  />
                )}
              </div>
            </Card>,
            t('serviceRequest:attachment_rules', { types: TYPE_LIST, maxSize: TOO_LARGE.values!.maxSize }),
          )}

          {busy && (
            <div role="status" aria-live="polite">
              {draft.attachment && percent < 100 ? (
                <>
                  <ProgressBar value={percent / 100} intent={Intent.PRIMARY} />
                  <span className={Classes.TEXT_MUTED}>{t('serviceRequest:uploading', { percent })}</span>
                </>
              ) : (
                <span className={Classes.TEXT_MUTED}>{t('serviceRequest:submitting')}</span>
              )}
            </div>
          )}
          <SubmitProblemCallout message={general} icon="error" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('cancel')} onClick={requestClose} disabled={busy} />
              <Button
                intent={Intent.PRIMARY}
                text={t('serviceRequest:submit')}
                loading={busy}
                disabled={!options.isSuccess}
                onClick={send}
              />
            </>
          }
        />
      </PortalDialog>
      {discardQuestion}
    </>
  );
}

/** What the request is about: the chosen instrument's make, model, serial, system and place. */
function EquipmentSummary({ equipment }: { equipment: Equipment }) {
  const { t } = useTranslation();
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd style={{ margin: 0 }}>{value || '—'}</dd>
    </>
  );
  const place = [equipment.location.city, equipment.building, equipment.floor, equipment.room]
    .filter(Boolean)
    .join(', ');
  return (
    <Card compact style={{ marginBottom: 15 }} aria-label={t('serviceRequest:equipment')}>
      <dl style={{ display: 'grid', gridTemplateColumns: '10rem 1fr', rowGap: 4, margin: 0 }}>
        {row(t('serviceRequest:equipment_make_model'), [equipment.mfg, equipment.model].filter(Boolean).join(' '))}
        {row(t('serviceRequest:equipment_serial'), equipment.serial)}
        {row(
          t('serviceRequest:equipment_system'),
          [equipment.systemId, equipment.systemNickName].filter(Boolean).join(' · '),
        )}
        {row(t('serviceRequest:equipment_location'), place)}
      </dl>
    </Card>
  );
}

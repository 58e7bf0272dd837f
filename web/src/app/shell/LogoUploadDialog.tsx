import { useEffect, useId, useRef, useState } from 'react';
import { Button, Classes, DialogBody, DialogFooter, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogoFiles, type Customer, type LogoFileIdentifier } from '../../../../contract/customers';
import type { UiMessage } from '../../../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE } from '../../../../contract/images';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES, LOGO_MAX_FILES, MB } from '../../../../contract/limits';
import { FileDropCard } from '../../components/FileDropCard';
import { getToaster } from '../../components/toaster';
import { ClearChoiceButton, DropHint, PickFileInput, UploadProgress } from '../../components/UploadFormParts';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { customerKeys, customerLogoKeys, updateLogo } from './api/customers';
import { useCurrentSession } from '../../lib/currentUser';
import { uploadFile } from '../../lib/fileUpload';
import { useObjectUrl } from '../../lib/objectUrl';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage, type FailureRules } from '../../lib/failureMessage';
import { LOGO_UPLOAD_KIND, useCustomerLogoIdentifier, useLogoUrl } from './CustomerLogo';
import { PortalDialog } from '../../components/dialog/PortalDialog';

/** Width of the logo modal (spec 3 section 9). */
const LOGO_DIALOG_WIDTH = 500;
const ACCEPT = LOGO_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const TYPE_LIST = LOGO_EXTENSIONS.map((ext) => `.${ext}`).join(' ');

const TOO_MANY: UiMessage = { key: 'Attach_smaller_maxFile', values: { maxFiles: LOGO_MAX_FILES } };
const TOO_LARGE: UiMessage = { key: FILE_SIZE_MESSAGE, values: { maxSize: LOGO_MAX_BYTES / MB } };
const WRONG_TYPE: UiMessage = { key: FILE_TYPE_MESSAGE };

/** What is wrong with a set of picked files, by the contract's rules (spec 3 section 5 "Customer logo"). */
function checkFiles(files: ReadonlyArray<{ name: string; size: number }>): UiMessage | null {
  const parsed = LogoFiles.safeParse(files.map(({ name, size }) => ({ name, size })));
  if (parsed.success) return null;
  const issues = parsed.error.issues;
  if (issues.some((i) => i.message === TOO_MANY.key)) return TOO_MANY;
  if (issues.some((i) => i.message === FILE_TYPE_MESSAGE)) return WRONG_TYPE;
  if (issues.some((i) => i.message === FILE_SIZE_MESSAGE)) return TOO_LARGE;
  if (issues.some((i) => i.code === 'too_small' && i.path.at(-1) === 'size')) return { key: 'logo_file_empty' };
  return { key: 'logo_file_invalid' };
}

/** How the logo's calls and upload word their failures. */
const FAILURES: FailureRules = {
  failed: { key: 'logo_refused' },
  notAllowed: { key: 'logo_not_allowed' },
  upload: { tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: { key: 'logo_upload_failed' } },
};

export interface LogoUploadDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The upload-customer-logo modal (spec 1 section 2, spec 3 sections 5 and 9): one image, then PUT Users/customer/logo. */
export function LogoUploadDialog({ isOpen, onClose }: LogoUploadDialogProps) {
  const { t } = useTranslation();
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('logo_dialog_title')}
      icon="media"
      style={{ width: LOGO_DIALOG_WIDTH }}
    >
      {/* Mounted only while open, so every opening starts with nothing chosen. */}
      {isOpen && <LogoUploadForm onClose={onClose} />}
    </PortalDialog>
  );
}

function LogoUploadForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { customerId, customer } = user.userLocation;
  const queryClient = useQueryClient();
  const rulesId = useId();

  const current = useCustomerLogoIdentifier();
  const currentUrl = useLogoUrl(current);
  const [chosen, setChosen] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<UiMessage | null>(null);
  const [percent, setPercent] = useState(0);
  const preview = useObjectUrl(chosen);

  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const saved = (updated: Customer, messageKey: string) => {
    queryClient.setQueryData(customerLogoKeys.of(customerId), updated.customerLogoFileIdentifier);
    void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    void getToaster().then((toaster) => toaster.show({ message: t(messageKey), intent: Intent.SUCCESS, icon: 'tick' }));
    onClose();
  };

  const save = useMutation({
    mutationFn: async (file: File) => {
      const controller = new AbortController();
      upload.current = controller;
      setPercent(0);
      const { resourceKey } = await uploadFile(file, {
        kind: LOGO_UPLOAD_KIND,
        signal: controller.signal,
        onProgress: ({ percent }) => setPercent(percent),
      });
      const identifier: LogoFileIdentifier = { fileName: file.name, resourceKey };
      return updateLogo(JSON.stringify(identifier));
    },
    onSuccess: (result) => saved(result, 'logo_saved'),
    onError: handOverSessionErrors,
  });

  const remove = useMutation({
    mutationFn: () => updateLogo(''),
    onSuccess: (result) => saved(result, 'logo_removed'),
    onError: handOverSessionErrors,
  });

  const busy = save.isPending || remove.isPending;
  const failure = save.isError
    ? failureMessage(save.error, FAILURES)
    : remove.isError
      ? failureMessage(remove.error, FAILURES)
      : null;
  const problem = invalid ?? failure;

  /** Checks the picked files with what is already chosen: one file only, the logo types, at most 5 MB. */
  const pick = (files: File[]) => {
    if (files.length === 0 || busy) return;
    save.reset();
    remove.reset();
    const found = checkFiles(chosen ? [chosen, ...files] : files);
    setInvalid(found);
    if (!found) setChosen(files[0]!);
  };

  const clearChoice = () => {
    setChosen(null);
    setInvalid(null);
    save.reset();
  };

  return (
    <>
      <DialogBody>
        {current !== undefined && (
          <FormGroup label={t('logo_current')}>
            {current === null ? (
              <span className={Classes.TEXT_MUTED}>{t('logo_none')}</span>
            ) : currentUrl ? (
              <img src={currentUrl} alt={customer.name} style={{ maxHeight: 80, maxWidth: '100%' }} />
            ) : (
              <Spinner size={20} />
            )}
          </FormGroup>
        )}
        <FormGroup
          label={t('logo_new')}
          helperText={<span id={rulesId}>{t('logo_rules', { types: TYPE_LIST, maxSize: LOGO_MAX_BYTES / MB })}</span>}
        >
          <FileDropCard onDrop={pick}>
            <PickFileInput
              fill
              disabled={busy}
              text={chosen?.name ?? t('logo_choose')}
              hasSelection={chosen !== null}
              buttonText={t('logo_browse')}
              inputProps={{ accept: ACCEPT, 'aria-label': t('logo_file'), 'aria-describedby': rulesId }}
              onPick={pick}
            />
            <DropHint>{t('logo_drop_hint')}</DropHint>
            {chosen && preview && (
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8 }}>
                <img
                  src={preview}
                  alt={t('logo_preview', { fileName: chosen.name })}
                  style={{ maxHeight: 60, maxWidth: 200 }}
                />
                <ClearChoiceButton label={t('logo_clear_choice')} disabled={busy} onClick={clearChoice} />
              </div>
            )}
          </FileDropCard>
        </FormGroup>
        {save.isPending && (
          <UploadProgress
            percent={percent}
            label={percent < 100 ? t('logo_uploading', { percent }) : t('logo_saving')}
          />
        )}
        <SubmitProblemCallout message={problem} icon="error" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('logo_save')}
              // Save only a newly chosen file; the saved logo alone is nothing to save (spec 3 section 5).
              disabled={chosen === null || remove.isPending}
              loading={save.isPending}
              onClick={() => chosen && save.mutate(chosen)}
            />
          </>
        }
      >
        {current !== null && (
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon="trash"
            text={t('logo_remove')}
            disabled={save.isPending}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          />
        )}
      </DialogFooter>
    </>
  );
}

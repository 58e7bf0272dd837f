import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  AnchorButton,
  Button,
  Card,
  Classes,
  FileInput,
  FormGroup,
  H1,
  Intent,
  NonIdealState,
  ProgressBar,
  TextArea,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_REFUSAL,
  FeedbackRequest,
  type FeedbackFile,
} from '../../../../contract/feedback';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { textMaxOf } from '../../components/inputs/schemaMax';
import { showToast as toast } from '../../components/showToast';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { sendFeedback } from './api/sendFeedback';
import { uploadFile } from '../../lib/fileUpload';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage, fieldMessagesOf, generalMessageOf, type FailureRules } from '../../lib/failureMessage';
import { useUnsavedData } from '../../lib/unsavedData';
import {
  ACCEPT,
  addFiles,
  EMAILS_INVALID,
  EMPTY_DRAFT,
  isDirty,
  requestOf,
  TOO_LARGE,
  TYPE_LIST,
  validate,
  WRONG_TYPE,
  type Draft,
  type Field,
  type FieldErrors,
} from './feedbackDraft';

/** The description grows from 4 to 8 rows, then scrolls (spec 3 section 2); a row of Blueprint's text is 18 px. */
const rowsHeight = (rows: number) => rows * 18 + 12;

/** What went wrong with an upload or the call; null when another part of the app answers it. */
const SEND_FAILURES: FailureRules<Field> = {
  failed: { key: 'feedback:send_failed' },
  refused: { key: 'feedback:send_refused' },
  byRefusal: {
    [FEEDBACK_REFUSAL.attachmentMissing]: { key: FEEDBACK_REFUSAL.attachmentMissing, field: 'attachments' },
    [FEEDBACK_REFUSAL.copyOutsideCustomer]: { key: FEEDBACK_REFUSAL.copyOutsideCustomer, field: 'emailTo' },
  },
  upload: {
    field: 'attachments',
    tooLarge: TOO_LARGE,
    wrongType: WRONG_TYPE,
    failed: { key: 'feedback:upload_failed' },
  },
};

/**
 * /app/feedback (spec 3 sections 2, 5 and 7): a description, up to four attachments uploaded to storage first, and
 * e-mail addresses to notify; the send button waits for a description.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { base, pages } = useCurrentSession();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<{ file: number; percent: number } | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const send = useMutation({
    mutationFn: async (current: Draft) => {
      const controller = new AbortController();
      upload.current = controller;
      const attachFiles: FeedbackFile[] = [];
      for (const [index, file] of current.files.entries()) {
        setProgress({ file: index, percent: 0 });
        const stored = await uploadFile(file, {
          kind: 'FeedbackAttachment',
          signal: controller.signal,
          onProgress: ({ percent }) => setProgress({ file: index, percent }),
        });
        attachFiles.push({ ...stored, fileName: file.name, size: file.size });
      }
      setProgress(null);
      return sendFeedback(requestOf(current, attachFiles));
    },
    onSuccess: () => toast(t('feedback:feedback_sent_toast'), Intent.SUCCESS),
    onError: (e) => {
      setProgress(null);
      handOverSessionErrors(e);
      const found = failureMessage(e, SEND_FAILURES);
      if (found?.field) setErrors(fieldMessagesOf(found));
    },
  });
  const busy = send.isPending;
  useUnsavedData(isDirty(draft) && !send.isSuccess);

  const change = (patch: Partial<Draft>, field: Field) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const pickFiles = (picked: File[]) => {
    if (picked.length === 0 || busy) return;
    const { files, problem } = addFiles(draft.files, picked);
    if (problem) setErrors((e) => ({ ...e, attachments: problem }));
    else change({ files }, 'attachments');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // An invalid notification address has its own message (spec 3 section 8).
      toast(t(found.emailTo === EMAILS_INVALID ? EMAILS_INVALID.key : 'validation_failed_tip'), Intent.WARNING);
      return;
    }
    send.mutate(draft);
  };

  const startOver = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    send.reset();
  };

  if (send.isSuccess) {
    return (
      <div className="portal-page">
        <H1>{t('feedback:feedback_title')}</H1>
        <Card style={{ maxWidth: 720 }}>
          <NonIdealState
            icon="tick-circle"
            title={t('feedback:feedback_sent_title')}
            description={t('feedback:feedback_sent_text')}
            action={
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
                <Button intent={Intent.PRIMARY} text={t('feedback:feedback_send_more')} onClick={startOver} />
                {pages.includes('notification') && (
                  <AnchorButton
                    href={`${base}/notification`}
                    icon="notifications"
                    text={t('feedback:go_to_notifications')}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`${base}/notification`);
                    }}
                  />
                )}
              </div>
            }
          />
        </Card>
      </div>
    );
  }

  const general = send.isError ? generalMessageOf(failureMessage(send.error, SEND_FAILURES)) : null;
  const errorId = (field: Field) => `feedback-${field}-error`;
  const helper = (field: Field, fallback?: string) =>
    errors[field] ? (
      <span id={errorId(field)} role="alert">
        {t(errors[field].key, errors[field].values)}
      </span>
    ) : (
      fallback
    );
  const intentOf = (field: Field) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const sizeFormat = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  });

  return (
    <div className="portal-page">
      <H1>{t('feedback:feedback_title')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('feedback:feedback_intro')}</p>
      <Card style={{ maxWidth: 720 }}>
        <form onSubmit={submit} noValidate aria-label={t('feedback:feedback_title')}>
          <FormGroup
            label={t('feedback:description')}
            labelFor="feedback-description"
            labelInfo="*"
            intent={intentOf('description')}
            helperText={helper(
              'description',
              t('feedback:characters_used', { used: draft.description.length, max: FEEDBACK_DESCRIPTION_MAX }),
            )}
          >
            <TextArea
              id="feedback-description"
              fill
              autoResize
              rows={4}
              maxLength={FEEDBACK_DESCRIPTION_MAX}
              style={{ minHeight: rowsHeight(4), maxHeight: rowsHeight(8), overflowY: 'auto' }}
              value={draft.description}
              disabled={busy}
              intent={intentOf('description')}
              placeholder={t('feedback:description_placeholder')}
              aria-required
              aria-invalid={!!errors.description}
              aria-describedby={errors.description ? errorId('description') : undefined}
              onChange={(e) => change({ description: e.currentTarget.value }, 'description')}
            />
          </FormGroup>

          <FormGroup
            label={t('feedback:attachments')}
            labelFor="feedback-attachments"
            intent={intentOf('attachments')}
            helperText={helper('attachments', t('feedback:attachments_hint', { types: TYPE_LIST }))}
          >
            <FileInput
              fill
              disabled={busy}
              // Blueprint's own placeholder colour is too faint to read (axe colour contrast).
              text={<span className={Classes.TEXT_MUTED}>{t('feedback:attachments_choose')}</span>}
              buttonText={t('feedback:attachments_browse')}
              inputProps={{
                id: 'feedback-attachments',
                multiple: true,
                accept: ACCEPT,
                'aria-describedby': errors.attachments ? errorId('attachments') : undefined,
              }}
              onInputChange={(e) => {
                const input = e.currentTarget as HTMLInputElement;
                pickFiles(Array.from(input.files ?? []));
                // The same file can be picked again after it was removed.
                input.value = '';
              }}
            />
          </FormGroup>
          {draft.files.length > 0 && (
            <ul
              aria-label={t('feedback:attachments_chosen')}
              style={{ listStyle: 'none', padding: 0, margin: '0 0 15px' }}
            >
              {draft.files.map((file, index) => (
                <li
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  style={{ display: 'flex', alignItems: 'center', gap: 8 }}
                >
                  <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {file.name}{' '}
                    <span className={Classes.TEXT_MUTED}>
                      ({sizeFormat.format(Math.max(1, Math.round(file.size / 1024)))})
                    </span>
                  </span>
                  {progress?.file === index && (
                    <ProgressBar
                      value={progress.percent / 100}
                      intent={Intent.PRIMARY}
                      stripes={false}
                      aria-label={t('feedback:uploading', { name: file.name })}
                      className={Classes.FILL}
                    />
                  )}
                  <Button
                    variant="minimal"
                    icon="cross"
                    disabled={busy}
                    aria-label={t('feedback:attachment_remove', { name: file.name })}
                    onClick={() => change({ files: draft.files.filter((_, i) => i !== index) }, 'attachments')}
                  />
                </li>
              ))}
            </ul>
          )}

          <FormGroup
            label={t('feedback:notify_emails')}
            labelFor="feedback-emails"
            intent={intentOf('emailTo')}
            helperText={helper('emailTo', t('feedback:notify_emails_hint'))}
          >
            <CountedInput
              id="feedback-emails"
              maxLength={textMaxOf(FeedbackRequest.shape.emailTo)}
              type="text"
              inputMode="email"
              autoComplete="email"
              fill
              disabled={busy}
              value={draft.emailTo}
              intent={intentOf('emailTo')}
              placeholder={t('feedback:notify_emails_placeholder')}
              aria-invalid={!!errors.emailTo}
              aria-describedby={errors.emailTo ? errorId('emailTo') : undefined}
              onValueChange={(emailTo) => change({ emailTo }, 'emailTo')}
            />
          </FormGroup>

          <SubmitProblemCallout message={general} style={{ marginBottom: 15 }} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="send-message"
            loading={busy}
            disabled={draft.description.trim() === ''}
            text={t('feedback:feedback_send')}
          />
        </form>
      </Card>
    </div>
  );
}

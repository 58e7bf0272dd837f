import { useId } from 'react';
import { Button, Callout, Classes, FileInput, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from '../../../../contract/images';
import { MB } from '../../../../contract/limits';
import type { PendingUpload, PickedFile, UploadProblem } from '../../../../machines/documentUpload.machine';
import { FileDropCard } from '../FileDropCard';

const ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const TYPE_LIST = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(' ');

export interface DocumentUploadAreaProps {
  uploads: PendingUpload[];
  problems: UploadProblem[];
  /** The batch is uploading: the picker waits. */
  busy: boolean;
  /** The batch failed: it can be retried or dismissed. */
  failed: boolean;
  onPick(files: PickedFile[]): void;
  onRetry(): void;
  onDismiss(): void;
}

/** The file picker and drop zone of the documents tab, the files on their way, and why a file was refused. */
export function DocumentUploadArea({
  uploads,
  problems,
  busy,
  failed,
  onPick,
  onRetry,
  onDismiss,
}: DocumentUploadAreaProps) {
  const { t } = useTranslation();
  const rulesId = useId();

  return (
    <div className="portal-document-upload">
      <FileDropCard onDrop={(files) => !busy && onPick(files)} data-testid="document-drop-zone">
        <FileInput
          fill
          disabled={busy}
          text={t('documents:choose_files')}
          buttonText={t('documents:browse')}
          inputProps={{
            accept: ACCEPT,
            multiple: true,
            'aria-label': t('documents:upload_files'),
            'aria-describedby': rulesId,
          }}
          onInputChange={(e) => {
            onPick(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = ''; // picking the same file again is a new pick
          }}
        />
        <p id={rulesId} className={Classes.TEXT_MUTED} style={{ margin: '8px 0 0' }}>
          {t('documents:upload_rules', {
            maxFiles: DOCUMENT_MAX_FILES,
            maxSize: DOCUMENT_MAX_BYTES / MB,
            types: TYPE_LIST,
          })}
        </p>
      </FileDropCard>

      {uploads.length > 0 && (
        <ul className={Classes.LIST_UNSTYLED} role="status" aria-live="polite" style={{ marginTop: 8 }}>
          {uploads.map((upload) => (
            <li key={upload.id} style={{ marginBottom: 6 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{upload.file.name}</span>
                <span className={Classes.TEXT_MUTED}>
                  {failed
                    ? t('documents:upload_not_done')
                    : busy
                      ? t('documents:uploading_percent', { percent: upload.percent })
                      : t('documents:upload_waiting')}
                </span>
              </div>
              <ProgressBar
                value={upload.percent / 100}
                intent={failed ? Intent.DANGER : Intent.PRIMARY}
                stripes={busy && upload.percent < 100}
                animate={busy}
                aria-label={t('documents:upload_progress_of', { fileName: upload.file.name })}
              />
            </li>
          ))}
        </ul>
      )}

      {problems.length > 0 && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" style={{ marginTop: 8 }}>
          <ul className={Classes.LIST_UNSTYLED}>
            {problems.map((problem, i) => (
              <li key={i}>
                {problem.fileName
                  ? t('documents:file_refused', { fileName: problem.fileName, message: t(problem.key, problem.values) })
                  : t(problem.key, problem.values)}
              </li>
            ))}
          </ul>
          <div style={{ marginTop: 8, display: 'flex', gap: 8 }}>
            {failed && (
              <Button
                size="small"
                intent={Intent.PRIMARY}
                icon="refresh"
                text={t('documents:retry')}
                onClick={onRetry}
              />
            )}
            <Button size="small" variant="outlined" text={t('documents:dismiss')} onClick={onDismiss} />
          </div>
        </Callout>
      )}
    </div>
  );
}

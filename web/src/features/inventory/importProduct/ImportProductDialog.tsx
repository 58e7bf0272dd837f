import { useEffect, useId, useRef, useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Icon,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  IMPORT_FILE_EXTENSIONS,
  IMPORT_TEMPLATE_PATH,
  ImportFailure,
  importFieldOfCode,
  type ImportRowErrors,
} from '../../../../../contract/importProduct';
import { IMPORT_ARCHIVE_LIMITS, IMPORT_FILE_MAX_BYTES, MB } from '../../../../../contract/limits';
import { FILE_TYPE_MESSAGE } from '../../../../../contract/images';
import { importProductMachine } from '../../../../../machines/importProduct.machine';
import { LocationOptions } from '../../../components/LocationOptions';
import { getToaster } from '../../../components/toaster';
import { askWhoIsSignedIn } from '../../../lib/sessionHandOver';
import { useCurrentSession } from '../../../lib/currentUser';
import { withCustomerLabel } from '../../../lib/customerLabels';
import { runImportOverHub } from './hubImport';
import { useHubClient } from '../../../lib/hub';
import { PortalDialog } from '../../../components/dialog/PortalDialog';

export interface ImportProductDialogProps {
  isOpen: boolean;
  onClose(): void;
  onImported(importedCount: number): void;
}

const ACCEPT = IMPORT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const MAX_SIZE_MB = IMPORT_FILE_MAX_BYTES / MB;

/** The name of the column a row error code names, in the user's language. */
function columnName(t: TFunction, code: number): string {
  const field = importFieldOfCode(code);
  return field
    ? t(withCustomerLabel(field, `importProduct:column_${field}`))
    : t('importProduct:column_unknown', { code });
}

/** What the user reads when the server refused the whole file (spec 2 section 8: else the generic message). */
function refusedMessage(t: TFunction, errorCode: number): string {
  switch (errorCode) {
    case ImportFailure.FileTooLarge:
      return t('importProduct:error_file_too_large', { maxSize: MAX_SIZE_MB });
    case ImportFailure.LegacyXls:
      return t('importProduct:error_legacy_xls');
    case ImportFailure.NotAWorkbook:
      return t('importProduct:error_not_workbook');
    case ImportFailure.NoKnownColumns:
      return t('importProduct:error_no_columns');
    case ImportFailure.NoRows:
      return t('importProduct:error_no_rows');
    case ImportFailure.Busy:
      return t('importProduct:error_busy');
    case ImportFailure.TooManyRows:
      return t('importProduct:error_too_many_rows', { maxRows: IMPORT_ARCHIVE_LIMITS.maxRows });
    case ImportFailure.UnsafeArchive:
      return t('importProduct:error_unsafe_archive');
    case ImportFailure.Forbidden:
      return t('importProduct:error_forbidden');
    default:
      return t('importProduct:import_failed');
  }
}

/** Import product (spec 2 section 2): city, spreadsheet, template link and note; progress; then the outcome. */
export function ImportProductDialog({ isOpen, onClose, onImported }: ImportProductDialogProps) {
  // Mounted only while open, so every opening starts afresh.
  return isOpen ? <ImportProductFlow onClose={onClose} onImported={onImported} /> : null;
}

function ImportProductFlow({ onClose, onImported }: Omit<ImportProductDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { customer } = user.userLocation;
  const addingEnabled = customer.customerPermission.isProductAddingEnabled;
  const noteId = useId();
  const hub = useHubClient();

  // The machine is made once per opening; its actions reach the latest props through this ref.
  const latest = useRef({ t, onClose, onImported });
  useEffect(() => {
    latest.current = { t, onClose, onImported };
  });
  const [machine] = useState(() =>
    importProductMachine.provide({
      actors: { runImport: runImportOverHub(hub) },
      actions: {
        notifySuccess: (_, importedCount) =>
          void getToaster().then((toaster) =>
            toaster.show({
              message: latest.current.t('importProduct:success', { count: importedCount }),
              intent: Intent.SUCCESS,
              icon: 'tick',
            }),
          ),
        notifyRefused: (_, errorCode) => {
          if (errorCode === ImportFailure.NotSignedIn) {
            // The whole app answers an ended session: asking who is signed in brings up its modal.
            askWhoIsSignedIn();
            return;
          }
          void getToaster().then((toaster) =>
            toaster.show({
              message: refusedMessage(latest.current.t, errorCode),
              intent: Intent.DANGER,
              icon: 'error',
            }),
          );
        },
        imported: (_, importedCount) => latest.current.onImported(importedCount),
        closed: () => latest.current.onClose(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { context } = snapshot;
  const running = snapshot.matches('importing') || snapshot.matches('finishing');
  const canClose = snapshot.can({ type: 'CLOSE' });

  if (snapshot.matches('failedLines')) {
    return (
      <FailedLinesDialog
        result={context.outcome?.result ?? {}}
        importedCount={context.outcome?.importedCount ?? 0}
        onClose={() => send({ type: 'CLOSE' })}
      />
    );
  }

  const fileProblem =
    context.fileProblem === 'size'
      ? t('importProduct:error_file_too_large', { maxSize: MAX_SIZE_MB })
      : context.fileProblem === 'type'
        ? t(FILE_TYPE_MESSAGE)
        : null;

  return (
    <PortalDialog
      isOpen
      title={t('importProduct:title')}
      icon="import"
      onClose={() => canClose && send({ type: 'CLOSE' })}
      canEscapeKeyClose={canClose}
      isCloseButtonShown={canClose}
    >
      <DialogBody>
        {!addingEnabled ? (
          <Callout intent={Intent.WARNING} icon="disable">
            {t('importProduct:adding_disabled')}
          </Callout>
        ) : (
          <>
            <FormGroup label={t('importProduct:city')} labelFor="import-product-city" labelInfo="*">
              <HTMLSelect
                id="import-product-city"
                fill
                disabled={running}
                value={context.locationId ?? ''}
                onChange={(e) =>
                  send({
                    type: 'CHOOSE_LOCATION',
                    locationId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value),
                  })
                }
              >
                <option value="">{t('importProduct:choose_city')}</option>
                <LocationOptions locations={customer.customerLocations} />
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label={t('importProduct:file')}
              labelInfo="*"
              intent={fileProblem ? Intent.DANGER : Intent.NONE}
              helperText={fileProblem ?? undefined}
            >
              <FileInput
                fill
                disabled={running}
                text={context.file?.name ?? t('importProduct:choose_file')}
                hasSelection={context.file !== null}
                buttonText={t('importProduct:browse')}
                inputProps={{ accept: ACCEPT, 'aria-label': t('importProduct:file'), 'aria-describedby': noteId }}
                onInputChange={(e) => {
                  send({ type: 'CHOOSE_FILE', file: e.currentTarget.files?.[0] ?? null });
                  e.currentTarget.value = ''; // picking the same file again is a new pick
                }}
              />
            </FormGroup>
            <a href={encodeURI(IMPORT_TEMPLATE_PATH)} download>
              <Icon icon="download" /> {t('importProduct:template_link')}
            </a>
            <p id={noteId} className={Classes.TEXT_MUTED} style={{ marginTop: 12 }}>
              {t('importProduct:note', { maxSize: MAX_SIZE_MB })}
            </p>
            {running && (
              <div role="status" aria-live="polite">
                <ProgressBar
                  value={context.progress / 100}
                  intent={Intent.PRIMARY}
                  stripes={context.progress < 100}
                  aria-label={t('importProduct:progress_label')}
                />
                <span className={Classes.TEXT_MUTED}>
                  {t('importProduct:importing', { progress: context.progress })}
                </span>
              </div>
            )}
            {context.failure && (
              <Callout intent={Intent.DANGER} role="alert" icon="error">
                {t(
                  context.failure === 'read' ? 'importProduct:error_read_file' : 'importProduct:error_connection_lost',
                )}
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t(addingEnabled ? 'importProduct:cancel' : 'importProduct:close')}
              disabled={!canClose}
              onClick={() => send({ type: 'CLOSE' })}
            />
            {addingEnabled && (
              <Button
                intent={Intent.PRIMARY}
                text={t('importProduct:import')}
                loading={running}
                disabled={!snapshot.can({ type: 'START' })}
                onClick={() => send({ type: 'START' })}
              />
            )}
          </>
        }
      >
        {addingEnabled && !running && !snapshot.can({ type: 'START' }) && (
          <span className={Classes.TEXT_MUTED}>{t('importProduct:hint_city_and_file')}</span>
        )}
      </DialogFooter>
    </PortalDialog>
  );
}

/** The failed-lines modal (spec 2 section 2): row number and reasons, and the count of lines not imported. */
function FailedLinesDialog({
  result,
  importedCount,
  onClose,
}: {
  result: ImportRowErrors;
  importedCount: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows = Object.entries(result)
    .map(([row, codes]) => [Number(row), codes] as const)
    .sort(([a], [b]) => a - b);
  return (
    <PortalDialog isOpen title={t('importProduct:failed_title')} icon="warning-sign" onClose={onClose}>
      <DialogBody>
        <Callout intent={Intent.WARNING}>
          <div>{t('importProduct:failed_count', { count: rows.length })}</div>
          <div>{t('importProduct:imported_count', { count: importedCount })}</div>
        </Callout>
        {/* A long list scrolls; focusable so the keyboard can scroll it. */}
        <div
          tabIndex={0}
          role="region"
          aria-label={t('importProduct:failed_title')}
          style={{ maxHeight: '50vh', overflowY: 'auto', marginTop: 12 }}
        >
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th scope="col">{t('importProduct:row')}</th>
                <th scope="col">{t('importProduct:reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([row, codes]) => (
                <tr key={row}>
                  <td>{row}</td>
                  <td>
                    {t('importProduct:invalid_value_in', {
                      columns: codes.map((code) => columnName(t, code)).join(', '),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('importProduct:close')} onClick={onClose} />} />
    </PortalDialog>
  );
}

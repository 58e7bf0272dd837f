import { useState } from 'react';
import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorCode, GLOBAL_ERROR_CODES } from '../../../../contract/errors';
import { HISTORY_EXPORT_MAX } from '../../../../contract/historyExport';
import { showToast } from '../../components/showToast';
import { downloadFile } from '../../lib/downloadFile';
import { requestErrorOf } from '../../lib/requestErrors';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { fetchHistoryExport } from './api/historyExport';

export interface HistoryExportButtonsProps {
  equipmentId: number;
}

type Format = 'pdf' | 'csv';

/** What the user is told when an export failed; null where the session modal speaks instead. */
function problemOf(error: unknown): { key: string; values?: Record<string, number> } | null {
  const e = requestErrorOf(error);
  if (e.kind === 'aborted' || (e.kind === 'http' && e.status === 401)) return null;
  if (e.kind === 'network') return { key: 'errorMessage:network_error' };
  if (e.kind === 'api' && e.errorCode === ErrorCode.EquipmentNotFound) return { key: 'errorMessage:error_msg_10002' };
  if (e.kind === 'api' && GLOBAL_ERROR_CODES.includes(e.errorCode)) return null;
  if (e.kind === 'http' && e.status === 400) {
    return { key: 'historyExport:export_too_long', values: { max: HISTORY_EXPORT_MAX } };
  }
  if (e.kind === 'http' && e.status === 429) return { key: 'errorMessage:too_many_requests' };
  return { key: 'historyExport:export_failed' };
}

/**
 * The History tab's exports for an inspection: the instrument's whole history as a PDF or a CSV file, downloaded as
 * the other exports are, each entry with its position in the customer's audit chain.
 */
export function HistoryExportButtons({ equipmentId }: HistoryExportButtonsProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<Format | null>(null);
  const run = (format: Format) => {
    setExporting(format);
    fetchHistoryExport(equipmentId, format)
      .then((response) => {
        downloadFile(response, `History_${equipmentId}.${format}`);
        showToast(t('historyExport:export_done'), Intent.SUCCESS);
      })
      .catch((error: unknown) => {
        handOverSessionErrors(error);
        const problem = problemOf(error);
        if (problem) showToast(t(problem.key, problem.values), Intent.DANGER, 'error');
      })
      .finally(() => setExporting(null));
  };
  return (
    <ButtonGroup className="history-export" role="group" aria-label={t('historyExport:export_label')}>
      <Button
        icon="document"
        text={t('historyExport:export_pdf')}
        loading={exporting === 'pdf'}
        disabled={exporting !== null}
        onClick={() => run('pdf')}
      />
      <Button
        icon="th"
        text={t('historyExport:export_csv')}
        loading={exporting === 'csv'}
        disabled={exporting !== null}
        onClick={() => run('csv')}
      />
    </ButtonGroup>
  );
}

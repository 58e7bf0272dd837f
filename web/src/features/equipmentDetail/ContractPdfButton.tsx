import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorCode, GLOBAL_ERROR_CODES } from '../../../../contract/errors';
import { showToast } from '../../components/showToast';
import { fetchContractPdf } from './api/contractPdf';
import { openPdfWindow } from '../../lib/pdfWindow';
import { requestErrorOf } from '../../lib/requestErrors';
import { handOverSessionErrors } from '../../lib/sessionHandOver';

export interface ContractPdfButtonProps {
  equipmentId: number;
}

/** What the user is told when the contract PDF did not open; null where the session modal speaks instead. */
export function contractPdfProblemKey(error: unknown): string | null {
  const e = requestErrorOf(error);
  if (e.kind === 'aborted' || (e.kind === 'http' && e.status === 401)) return null;
  if (e.kind === 'network') return 'errorMessage:network_error';
  if (e.kind === 'api' && e.errorCode === ErrorCode.EquipmentNotFound) return 'errorMessage:error_msg_10002';
  if (e.kind === 'api' && GLOBAL_ERROR_CODES.includes(e.errorCode)) return null;
  if (e.kind === 'http' && e.status === 404) return 'equipmentDetail:contract_pdf_none';
  if (e.kind === 'http' && e.status === 429) return 'errorMessage:too_many_requests';
  return 'equipmentDetail:contract_pdf_failed';
}

/**
 * View contract PDF (spec 2 "Contract section"): GET Equipment/{id}/contract/PDF in a new window, as the work-order
 * PDF opens. A blocked window downloads the PDF and says so; a failed call says what happened.
 */
export function ContractPdfButton({ equipmentId }: ContractPdfButtonProps) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    openPdfWindow(() => fetchContractPdf(equipmentId), `Contract_${equipmentId}.pdf`)
      .then((shown) => {
        if (shown === 'downloaded') showToast(t('equipmentDetail:contract_pdf_downloaded'), Intent.WARNING);
      })
      .catch((e: unknown) => {
        handOverSessionErrors(e);
        const key = contractPdfProblemKey(e);
        if (key) showToast(t(key), Intent.DANGER, 'error');
      })
      .finally(() => setOpening(false));
  };
  return <Button icon="document-open" text={t('equipmentDetail:contract_view_pdf')} loading={opening} onClick={open} />;
}

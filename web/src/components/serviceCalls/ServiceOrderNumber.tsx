import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../showToast';
import { openServiceCallPdf } from './serviceCallPdf';

export interface ServiceOrderNumberProps {
  serviceOrderNo: string;
  /** The user may open the order's report (userAccessPDF, or pdfAvailable of a summary). */
  canOpenPdf: boolean;
}

/** A work-order number that opens its PDF report in a new window, or says why it cannot (spec 3 section 2). */
export function ServiceOrderNumber({ serviceOrderNo, canOpenPdf }: ServiceOrderNumberProps) {
  const { t } = useTranslation();
  const open = () => {
    if (canOpenPdf) void openServiceCallPdf(serviceOrderNo).catch(() => undefined);
    else showToast(t('inventory:open_pdf_no_access_tip'), Intent.WARNING);
  };
  return (
    <Button
      className="service-order-number"
      variant="minimal"
      size="small"
      intent={canOpenPdf ? Intent.PRIMARY : Intent.NONE}
      endIcon={canOpenPdf ? 'document-open' : 'lock'}
      text={serviceOrderNo}
      aria-label={
        canOpenPdf
          ? t('service_order_open_pdf', { serviceOrderNo })
          : t('service_order_pdf_no_access', { serviceOrderNo })
      }
      onClick={open}
    />
  );
}

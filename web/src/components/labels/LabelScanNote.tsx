import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface LabelScanNoteProps {
  /** Opens a new service request for the instrument; absent where the instrument takes none (one the user added). */
  onReportProblem?: () => void;
}

/** Shown on an instrument's page opened from its QR label: what the person at the bench most likely came to do. */
export function LabelScanNote({ onReportProblem }: LabelScanNoteProps) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.PRIMARY} icon="barcode" style={{ marginBottom: 12 }}>
      <p>{t('qrLabels:scanned_note')}</p>
      {onReportProblem && (
        <Button
          intent={Intent.PRIMARY}
          icon="wrench"
          size="large"
          text={t('qrLabels:report_problem')}
          onClick={onReportProblem}
          style={{ minHeight: 44 }}
        />
      )}
    </Callout>
  );
}

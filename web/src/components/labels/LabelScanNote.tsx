import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

// Text and button side by side where there is room, the button under the text on a phone.
const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 12 } as const;

export interface LabelScanNoteProps {
  /** Opens a new service request for the instrument; absent where the instrument takes none (one the user added). */
  onReportProblem?: () => void;
}

/** Shown on an instrument's page opened from its QR label: what the person at the bench most likely came to do. */
export function LabelScanNote({ onReportProblem }: LabelScanNoteProps) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.PRIMARY} icon={null} style={ROW}>
      <span>{t('qrLabels:scanned_note')}</span>
      {onReportProblem && (
        <Button
          intent={Intent.PRIMARY}
          icon="wrench"
          size="large"
          text={t('qrLabels:report_problem')}
          onClick={onReportProblem}
          style={{ minHeight: 44, maxWidth: '100%' }}
        />
      )}
    </Callout>
  );
}

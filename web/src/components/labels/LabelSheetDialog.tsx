import { useState } from 'react';
import { Button, Classes, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../../contract/errors';
import { LABEL_LAYOUTS, type LabelLayout } from '../../../../contract/labels';
import { downloadFile } from '../../lib/downloadFile';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { PortalDialog } from '../dialog/PortalDialog';
import { showToast } from '../showToast';
import { defaultLayoutOf, fetchLabelSheet } from './labelSheet';

export interface LabelSheetDialogProps {
  /** The instruments whose labels the sheet prints, in this order. */
  equipmentIds: readonly number[];
  onClose(): void;
}

const LAYOUT_KEY: Record<LabelLayout, string> = {
  'a4-l7163': 'qrLabels:layout_a4',
  'letter-5163': 'qrLabels:layout_letter',
};

/**
 * Print QR labels: the user picks the label stock (A4 or US Letter) and downloads the sheet of labels as a PDF, as
 * the inventory's export downloads its file.
 */
export function LabelSheetDialog({ equipmentIds, onClose }: LabelSheetDialogProps) {
  const { t, i18n } = useTranslation();
  const [layout, setLayout] = useState<LabelLayout>(() => defaultLayoutOf(i18n.language.toLowerCase()));
  const [loading, setLoading] = useState(false);
  const download = () => {
    setLoading(true);
    fetchLabelSheet(equipmentIds, layout)
      .then((response) => {
        downloadFile(response, `Labels_${layout}.pdf`);
        showToast(t('qrLabels:downloaded'), Intent.SUCCESS);
        onClose();
      })
      .catch((e: unknown) => {
        handOverSessionErrors(e);
        const message = failureMessage(e, {
          failed: { key: 'qrLabels:failed' },
          otherwise: { key: 'qrLabels:failed' },
          byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002' } },
        });
        if (message) showToast(t(message.key, message.values), Intent.DANGER, 'error');
      })
      .finally(() => setLoading(false));
  };
  return (
    <PortalDialog isOpen title={t('qrLabels:dialog_title')} icon="barcode" onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <p>{t('qrLabels:dialog_count', { count: equipmentIds.length })}</p>
        <RadioGroup
          label={t('qrLabels:layout_legend')}
          selectedValue={layout}
          onChange={(e) => setLayout(e.currentTarget.value as LabelLayout)}
        >
          {LABEL_LAYOUTS.map((value) => (
            <Radio key={value} value={value} label={t(LAYOUT_KEY[value])} />
          ))}
        </RadioGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={t('cancel')} onClick={onClose} />
          <Button
            intent={Intent.PRIMARY}
            icon="download"
            text={t('qrLabels:download')}
            loading={loading}
            onClick={download}
          />
        </div>
      </div>
    </PortalDialog>
  );
}

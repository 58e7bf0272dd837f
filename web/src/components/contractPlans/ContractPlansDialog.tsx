import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { PlanGroupSection } from './PlanGroupSection';
import { ADDITIONAL_GROUP, RECOMMENDED_GROUP } from './plans';
import { PortalDialog } from '../dialog/PortalDialog';

export interface ContractPlansDialogProps {
  isOpen: boolean;
  onClose(): void;
}

/** The service plan comparison (spec 3 section 2): recommended plans, then additional plans, each with its tips. */
export function ContractPlansDialog({ isOpen, onClose }: ContractPlansDialogProps) {
  const { t } = useTranslation('contractPlans');
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('contractPlans:dialog_title')}
      icon="comparison"
      style={{ width: MODAL_WIDTH.default, maxWidth: '95vw' }}
    >
      <DialogBody>
        <p>{t('contractPlans:intro')}</p>
        <PlanGroupSection group={RECOMMENDED_GROUP} />
        <PlanGroupSection group={ADDITIONAL_GROUP} />
      </DialogBody>
      <DialogFooter actions={<Button text={t('contractPlans:close')} onClick={onClose} />} />
    </PortalDialog>
  );
}

import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { HistoryList, type HistoryListProps } from './HistoryList';
import { PortalDialog } from '../dialog/PortalDialog';

export interface HistoryDialogProps extends HistoryListProps {
  isOpen: boolean;
  /** The dialog's title, e.g. "History of work order 4711"; the list is named by it too. */
  title: string;
  onClose(): void;
}

/** A record's history in a dialog (a reservation's, a work order's); the list is asked for each time it opens. */
export function HistoryDialog({ isOpen, title, onClose, ...list }: HistoryDialogProps) {
  const { t } = useTranslation();
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      icon="history"
      style={{ width: MODAL_WIDTH.medium, maxWidth: '95vw' }}
    >
      <DialogBody className="history-dialog-body">{isOpen && <HistoryList {...list} />}</DialogBody>
      <DialogFooter actions={<Button text={t('history:close')} onClick={onClose} />} />
    </PortalDialog>
  );
}

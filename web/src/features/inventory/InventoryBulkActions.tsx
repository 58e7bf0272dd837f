import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../contract';
import type { Equipment } from '../../../../contract/equipment';
import { LABEL_SHEET_MAX } from '../../../../contract/labels';
import { SelectionBar, type RowSelection } from '../../components/list';
import { useMayCall } from '../../lib/access';
import { isUserAdded } from './RowActionsMenu';

export interface InventoryBulkActionsProps {
  selection: RowSelection<Equipment, number>;
  exporting: boolean;
  onExport(ids: readonly number[]): void;
  onRemove(equipment: readonly Equipment[]): void;
  onServiceRequest(equipment: Equipment): void;
  onPrintLabels(ids: readonly number[]): void;
  onSetServiceInterval(equipment: readonly Equipment[]): void;
}

/**
 * What the inventory does with its selected rows: export them, print their QR labels (up to a sheet request's
 * bound), remove them from the user's list (with the same permission as the row menu's Remove), set a service interval
 * (managers), and raise a service request for one instrument (as its row menu does, so not for one the user added).
 */
export function InventoryBulkActions({ selection, exporting, ...on }: InventoryBulkActionsProps) {
  const { t } = useTranslation();
  const mayRemove = useMayCall(contract.equipment.remove);
  const maySetIntervals = useMayCall(contract.serviceIntervals.bulkSet);
  const only = selection.count === 1 ? selection.rows[0]! : null;
  const requestable = only !== null && !isUserAdded(only);
  const labelsFit = selection.count <= LABEL_SHEET_MAX;
  return (
    <SelectionBar selection={selection}>
      <Button
        icon="export"
        text={t('list_export_selected')}
        loading={exporting}
        onClick={() => on.onExport(selection.ids)}
      />
      <Button
        icon="wrench"
        text={t('inventory:action_service_request')}
        disabled={!requestable}
        title={requestable ? undefined : t('inventory:bulk_service_request_one')}
        onClick={() => only && on.onServiceRequest(only)}
      />
      <Button
        icon="barcode"
        text={t('qrLabels:print_labels')}
        disabled={!labelsFit}
        title={labelsFit ? undefined : t('qrLabels:print_labels_too_many', { max: LABEL_SHEET_MAX })}
        onClick={() => on.onPrintLabels(selection.ids)}
      />
      {maySetIntervals && (
        <Button
          icon="time"
          text={t('serviceIntervals:bulk_button')}
          onClick={() => on.onSetServiceInterval(selection.rows)}
        />
      )}
      {mayRemove && (
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('equipmentForm:remove_button')}
          onClick={() => on.onRemove(selection.rows)}
        />
      )}
    </SelectionBar>
  );
}

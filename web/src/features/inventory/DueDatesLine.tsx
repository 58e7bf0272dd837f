import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { DueDateTag } from '../../components/serviceIntervals';

/** An inventory tile's next calibration and maintenance due dates, where set, flagged as the grid flags them. */
export function DueDatesLine({ equipment }: { equipment: Equipment }) {
  const { t } = useTranslation();
  const dates = [
    ['nextCalibrationDue', equipment.nextCalibrationDue],
    ['nextMaintenanceDue', equipment.nextMaintenanceDue],
  ] as const;
  return dates.map(([field, due]) =>
    due ? (
      <span key={field} className="inventory-tile-due">
        {t(`serviceIntervals:tile_${field}`)} <DueDateTag due={due} testId={`tile-${field}-${equipment.equipmentId}`} />
      </span>
    ) : null,
  );
}

import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { RowButton } from '../../components/list';
import { nextVisitOf } from '../../components/serviceCalls';
import { formatDate } from '../../lib/dates';

/** What the grid and the tiles say of an instrument's next service visit in the next 30 days, or null. */
function useNextVisit(equipment: Equipment) {
  const { t } = useTranslation();
  const next = nextVisitOf(equipment.upcomingServiceCalls);
  if (!next) return null;
  const date = formatDate(next.startDate);
  const total = equipment.upcomingServiceCalls.length;
  const jobType = next.jobType ?? '';
  return {
    date,
    jobType,
    text: total > 1 ? t('inventory:next_visit_more', { date, more: total - 1 }) : date,
    label: t('inventory:next_visit_label', { date, jobType, total }),
  };
}

/** The next-visit cell of an inventory row: the date (and how many more follow), opening the service orders. */
export function NextVisitButton({ equipment, onOpen }: { equipment: Equipment; onOpen(): void }) {
  const visit = useNextVisit(equipment);
  if (!visit) return null;
  return (
    <RowButton
      icon="calendar"
      text={visit.text}
      label={visit.label}
      title={[visit.date, visit.jobType].filter(Boolean).join(' · ')}
      onClick={onOpen}
      testId={`next-visit-${equipment.equipmentId}`}
    />
  );
}

/** The next-visit line of an inventory tile; nothing without a visit in the next 30 days. */
export function NextVisitLine({ equipment }: { equipment: Equipment }) {
  const { t } = useTranslation();
  const visit = useNextVisit(equipment);
  if (!visit) return null;
  return (
    <span className={Classes.TEXT_MUTED} data-testid={`next-visit-${equipment.equipmentId}`}>
      {t('inventory:tile_next_visit', { visit: [visit.text, visit.jobType].filter(Boolean).join(' · ') })}
    </span>
  );
}

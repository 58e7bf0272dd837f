import { useState } from 'react';
import { Button, Classes, HTMLTable, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../../contract';
import { LoadFailedCallout } from '../../../components/LoadFailedCallout';
import { DueDateTag, kindLabel, useServiceIntervals } from '../../../components/serviceIntervals';
import { useMayCall } from '../../../lib/access';
import { formatDate } from '../../../lib/dates';
import { DetailSection } from '../DetailSection';
import { ServiceIntervalsDialog } from './ServiceIntervalsDialog';

/**
 * The instrument's recurring work (issue 38): each kind with an interval or a completion, its interval in months,
 * when it was last done and when it is next due (flagged when due soon or overdue). Managers edit the intervals.
 */
export function ServiceIntervalsSection({ equipmentId, title }: { equipmentId: number; title: string }) {
  const { t } = useTranslation();
  const intervals = useServiceIntervals(equipmentId);
  const mayEdit = useMayCall(contract.serviceIntervals.set);
  const [editing, setEditing] = useState(false);
  const sectionTitle = t('serviceIntervals:section_title');
  const shown = intervals.data?.items.filter((i) => i.intervalMonths !== null || i.lastDone !== null) ?? [];

  return (
    <DetailSection title={sectionTitle}>
      {intervals.isPending ? (
        <Spinner size={SpinnerSize.SMALL} aria-label={t('serviceIntervals:loading')} />
      ) : intervals.isError ? (
        <LoadFailedCallout
          compact
          title={t('serviceIntervals:load_failed')}
          error={intervals.error}
          onRetry={() => void intervals.refetch()}
        />
      ) : (
        <>
          {shown.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('serviceIntervals:none')}</p>
          ) : (
            <HTMLTable compact striped aria-label={sectionTitle} style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('serviceIntervals:column_kind')}</th>
                  <th scope="col">{t('serviceIntervals:column_months')}</th>
                  <th scope="col">{t('serviceIntervals:column_last_done')}</th>
                  <th scope="col">{t('serviceIntervals:column_next_due')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr key={item.serviceCallType}>
                    <th scope="row" style={{ fontWeight: 'normal' }}>
                      {kindLabel(t, item.serviceCallType)}
                    </th>
                    <td>{item.intervalMonths ?? '—'}</td>
                    <td>{item.lastDone ? formatDate(item.lastDone) : '—'}</td>
                    <td>
                      {item.nextDue ? (
                        <DueDateTag due={item.nextDue} testId={`next-due-${item.serviceCallType}`} />
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {mayEdit && (
            <Button
              icon="edit"
              text={t('serviceIntervals:edit')}
              style={{ marginTop: 8 }}
              onClick={() => setEditing(true)}
            />
          )}
        </>
      )}
      {editing && intervals.data && (
        <ServiceIntervalsDialog intervals={intervals.data} title={title} onClose={() => setEditing(false)} />
      )}
    </DetailSection>
  );
}

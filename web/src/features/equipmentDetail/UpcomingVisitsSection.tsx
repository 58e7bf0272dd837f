import { Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ScrollBox } from '../../components/ScrollBox';
import type { ServiceCallSummary } from '../../../../contract/equipment';
import { UPCOMING_SERVICE_DAYS } from '../../../../contract/limits';
import { nextVisitOf, ServiceCallStatusTag, ServiceOrderNumber } from '../../components/serviceCalls';
import { formatDateTime } from '../../lib/dates';
import { DetailSection } from './DetailSection';

/** The instrument's service visits of the next 30 days (spec 2 section 3 upcomingServiceCalls), the next one first. */
export function UpcomingVisitsSection({ calls }: { calls: readonly ServiceCallSummary[] }) {
  const { t } = useTranslation();
  const title = t('equipmentDetail:section_upcoming_visits');
  const next = nextVisitOf(calls);
  return (
    <DetailSection title={title}>
      {next ? (
        <>
          <p>
            {t('equipmentDetail:next_visit', {
              visit: [formatDateTime(next.startDate), next.jobType].filter(Boolean).join(' · '),
            })}
          </p>
          <ScrollBox label={title}>
            <HTMLTable compact striped aria-label={title} style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('workOrders:field_startDate')}</th>
                  <th scope="col">{t('workOrders:field_jobType')}</th>
                  <th scope="col">{t('workOrders:field_callStatus')}</th>
                  <th scope="col">{t('workOrders:field_serviceOrderNo')}</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr key={call.serviceOrderNo}>
                    <td style={{ whiteSpace: 'nowrap' }}>{call.startDate ? formatDateTime(call.startDate) : ''}</td>
                    <td>{call.jobType}</td>
                    <td>
                      <ServiceCallStatusTag status={call.callStatus} />
                    </td>
                    <td>
                      <ServiceOrderNumber serviceOrderNo={call.serviceOrderNo} canOpenPdf={call.pdfAvailable} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </ScrollBox>
        </>
      ) : (
        <p className={Classes.TEXT_MUTED}>
          {t('equipmentDetail:upcoming_visits_none', { days: UPCOMING_SERVICE_DAYS })}
        </p>
      )}
    </DetailSection>
  );
}

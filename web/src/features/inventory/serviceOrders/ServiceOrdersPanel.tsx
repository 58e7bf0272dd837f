import { useState } from 'react';
import { Button, Classes, Drawer, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SERVICE_CALL_PAGE_SIZE, type Equipment } from '../../../../../contract/equipment';
import { Pager } from '../../../components/Pager';
import { SERVICE_CALLS_KEY, ServiceCallStatusTag, ServiceOrderNumber } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/currentUser';
import { formatDateTime } from '../../../lib/dates';

/** Width of the side panel. Chosen: not in spec. */
const PANEL_WIDTH = 760;

export interface ServiceOrdersPanelProps {
  equipment: Equipment;
  /** The make, model and serial as the page names the instrument. */
  title: string;
  onClose(): void;
}

/** A page of the instrument's service calls: GET Equipment/{id}/servicecall, 10 a page (spec 2 section 9). */
function useServiceCallsOf(equipmentId: number, pageIndex: number) {
  return useQuery({
    queryKey: [SERVICE_CALLS_KEY, 'equipment', equipmentId, pageIndex],
    queryFn: () =>
      resultOf(
        client.serviceCalls.equipmentServiceCalls({
          params: { id: equipmentId },
          query: { pageIndex, pageSize: SERVICE_CALL_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The row menu's "Service order details" side panel (spec 2 section 2): the instrument's service calls, paged. */
export function ServiceOrdersPanel({ equipment, title, onClose }: ServiceOrdersPanelProps) {
  const { t } = useTranslation();
  const { base } = useCurrentSession();
  const [pageIndex, setPageIndex] = useState(0);
  const found = useServiceCallsOf(equipment.equipmentId, pageIndex);
  const heading = t('inventory:action_service_orders');

  const body = () => {
    if (found.isPending)
      return <NonIdealState icon={<Spinner size={32} />} title={t('inventory:service_orders_loading')} />;
    if (found.isError) {
      return (
        <NonIdealState
          icon="error"
          title={t('inventory:service_orders_load_failed')}
          action={<Button icon="refresh" text={t('retry')} onClick={() => void found.refetch()} />}
        />
      );
    }
    if (found.data.totalCount === 0) {
      return <NonIdealState icon="wrench" title={t('inventory:service_orders_empty')} />;
    }
    return (
      <>
        <HTMLTable compact striped aria-label={heading} aria-busy={found.isFetching} style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">{t('workOrders:field_serviceOrderNo')}</th>
              <th scope="col">{t('workOrders:field_svmxOrderNo')}</th>
              <th scope="col">{t('workOrders:field_jobType')}</th>
              <th scope="col">{t('workOrders:field_callStatus')}</th>
              <th scope="col">{t('workOrders:field_startDate')}</th>
            </tr>
          </thead>
          <tbody>
            {found.data.items.map((call) => (
              <tr key={call.serviceOrderNo}>
                <td>
                  <ServiceOrderNumber serviceOrderNo={call.serviceOrderNo} canOpenPdf={call.pdfAvailable} />
                </td>
                <td className="service-orders-nowrap">{call.svmxOrderNo}</td>
                <td>{call.jobType}</td>
                <td>
                  <ServiceCallStatusTag status={call.callStatus} />
                </td>
                <td className="service-orders-nowrap">{call.startDate ? formatDateTime(call.startDate) : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Pager
          pageIndex={pageIndex}
          pageSize={SERVICE_CALL_PAGE_SIZE}
          totalCount={found.data.totalCount}
          onPage={setPageIndex}
        />
      </>
    );
  };

  return (
    <Drawer isOpen onClose={onClose} title={heading} icon="wrench" size={PANEL_WIDTH}>
      <div className={Classes.DRAWER_BODY} role="region" aria-label={heading}>
        <div className={Classes.DIALOG_BODY}>
          <p className={Classes.TEXT_MUTED}>{title}</p>
          {body()}
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <Link to={`${base}/workOrder`}>{t('inventory:service_orders_open_all')}</Link>
      </div>
    </Drawer>
  );
}

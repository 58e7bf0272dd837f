import { useState } from 'react';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Equipment, ServiceCallSummary } from '../../../../../contract/equipment';
import { SERVICE_CALL_SIDEBAR_PAGE_SIZE } from '../../../../../contract/limits';
import {
  PagedServiceCalls,
  ServiceCallStatusTag,
  ServiceOrderNumber,
  type ServiceCallColumn,
} from '../../../components/serviceCalls';
import { useServiceCallsOf } from '../api/serviceCallsOf';
import { useCurrentSession } from '../../../lib/currentUser';
import { formatDateTime } from '../../../lib/dates';
import { TitledDrawer } from '../../../components/TitledDrawer';

/** Width of the side panel. Chosen: not in spec. */
const PANEL_WIDTH = 760;

export interface ServiceOrdersPanelProps {
  equipment: Equipment;
  /** The make, model and serial as the page names the instrument. */
  title: string;
  onClose(): void;
}

/** The row menu's "Service order details" side panel (spec 2 section 2): the instrument's service calls, paged. */
export function ServiceOrdersPanel({ equipment, title, onClose }: ServiceOrdersPanelProps) {
  const { t } = useTranslation();
  const { base } = useCurrentSession();
  const [pageIndex, setPageIndex] = useState(0);
  const found = useServiceCallsOf(equipment.equipmentId, pageIndex);
  const heading = t('inventory:action_service_orders');

  const columns: ServiceCallColumn<ServiceCallSummary>[] = [
    {
      header: t('workOrders:field_serviceOrderNo'),
      cell: (call) => <ServiceOrderNumber serviceOrderNo={call.serviceOrderNo} canOpenPdf={call.pdfAvailable} />,
    },
    { header: t('workOrders:field_svmxOrderNo'), cell: (call) => call.svmxOrderNo, nowrap: true },
    { header: t('workOrders:field_jobType'), cell: (call) => call.jobType },
    { header: t('workOrders:field_callStatus'), cell: (call) => <ServiceCallStatusTag status={call.callStatus} /> },
    {
      header: t('workOrders:field_startDate'),
      cell: (call) => (call.startDate ? formatDateTime(call.startDate) : ''),
      nowrap: true,
    },
  ];

  return (
    <TitledDrawer isOpen onClose={onClose} title={heading} icon="wrench" size={PANEL_WIDTH}>
      <div className={Classes.DRAWER_BODY} role="region" aria-label={heading}>
        <div className={Classes.DIALOG_BODY}>
          <p className={Classes.TEXT_MUTED}>{title}</p>
          <PagedServiceCalls
            label={heading}
            list={found}
            columns={columns}
            rowKey={(call) => call.serviceOrderNo}
            pageIndex={pageIndex}
            pageSize={SERVICE_CALL_SIDEBAR_PAGE_SIZE}
            onPage={setPageIndex}
            texts={{
              loading: t('inventory:service_orders_loading'),
              failed: t('inventory:service_orders_load_failed'),
              empty: t('inventory:service_orders_empty'),
            }}
          />
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <Link to={`${base}/workOrder`}>{t('inventory:service_orders_open_all')}</Link>
      </div>
    </TitledDrawer>
  );
}

import { useId } from 'react';
import { Classes, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_CALL_PAGE_SIZE, type EquipmentDetail } from '../../../../../contract/equipment';
import type { EquipmentWorkOrderRow } from '../../../../../contract/serviceCalls';
import {
  PagedServiceCalls,
  ServiceCallStatusTag,
  ServiceOrderNumber,
  type ServiceCallColumn,
} from '../../../components/serviceCalls';
import { formatDateTime } from '../../../lib/dates';
import { useInstrumentWorkOrders } from './useInstrumentWorkOrders';

const sectionStyle = { display: 'flex', flexDirection: 'column', gap: 8 } as const;

function WorkOrderSection(props: { equipmentId: number; otherComponent: boolean; heading: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { list, pageIndex, goTo } = useInstrumentWorkOrders(props.equipmentId, props.otherComponent);
  const columns: ServiceCallColumn<EquipmentWorkOrderRow>[] = [
    {
      header: t('workOrders:field_startDate'),
      cell: (row) => (row.startDate ? formatDateTime(row.startDate) : ''),
      nowrap: true,
      width: 200,
    },
    {
      header: t('workOrders:field_serviceOrderNo'),
      cell: (row) => <ServiceOrderNumber serviceOrderNo={row.serviceOrderNo} canOpenPdf={row.userAccessPDF} />,
      width: 170,
    },
    { header: t('workOrders:field_jobType'), cell: (row) => row.jobType },
    { header: t('workOrders:field_serial'), cell: (row) => row.serial, width: 150 },
    { header: t('workOrders:field_mfg'), cell: (row) => row.mfg },
    { header: t('workOrders:field_model'), cell: (row) => row.model },
    {
      header: t('workOrders:field_callStatus'),
      cell: (row) => <ServiceCallStatusTag status={row.callStatus} />,
      width: 130,
    },
  ];
  return (
    <section aria-labelledby={headingId} style={sectionStyle}>
      <H2 className="portal-heading-3" id={headingId}>
        {props.heading}
      </H2>
      <PagedServiceCalls
        label={props.heading}
        list={list}
        columns={columns}
        rowKey={(row) => row.serviceOrderId}
        pageIndex={pageIndex}
        pageSize={SERVICE_CALL_PAGE_SIZE}
        onPage={goTo}
        texts={{
          loading: t('workOrders:loading'),
          failed: t('workOrders:load_failed'),
          empty: t('workOrders:empty'),
        }}
      />
    </section>
  );
}

/**
 * The detail page's Work order overview tab (spec 2 "Equipment detail page"): the instrument's own work orders and,
 * when it belongs to a system, those of the system's other components, each paged by 10.
 */
export function WorkOrderOverviewTab({ equipment }: { equipment: EquipmentDetail }) {
  const { t } = useTranslation();
  const otherHeadingId = useId();
  const id = equipment.equipmentId;
  const otherHeading = t('instrumentWorkOrders:other_heading');
  return (
    <div style={{ ...sectionStyle, gap: 24 }}>
      <WorkOrderSection
        key={`own-${id}`}
        equipmentId={id}
        otherComponent={false}
        heading={t('instrumentWorkOrders:own_heading')}
      />
      {equipment.systemId?.trim() ? (
        <WorkOrderSection key={`other-${id}`} equipmentId={id} otherComponent heading={otherHeading} />
      ) : (
        <section aria-labelledby={otherHeadingId} style={sectionStyle}>
          <H2 className="portal-heading-3" id={otherHeadingId}>
            {otherHeading}
          </H2>
          <p className={Classes.TEXT_MUTED}>{t('instrumentWorkOrders:no_other_component')}</p>
        </section>
      )}
    </div>
  );
}

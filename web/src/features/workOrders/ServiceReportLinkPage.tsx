import { useEffect, useState, type ReactElement } from 'react';
import { Button, Callout, H1, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { openServiceCallPdf } from '../../components/serviceCalls';
import { useCurrentSession } from '../../lib/currentUser';
import { requestErrorOf } from '../../lib/requestErrors';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { serviceOrderIdOf } from './serviceReportLink';
import { useServiceReportTarget } from './workOrderQueries';

const TITLE_ID = 'service-report-link-title';

const isNotFound = (error: unknown) => {
  const e = requestErrorOf(error);
  return e.kind === 'http' && (e.status === 404 || e.status === 400);
};

/**
 * The spec's service report link, /{customerFolder}/ServiceReport.aspx?{serviceOrderId} (spec 1 section 7): the
 * report of that work order of the session's customer. The folder is not read: the order is looked up among the
 * session customer's work orders only, so a link of another customer's folder finds nothing it could not open anyway.
 */
export function ServiceReportLinkPage() {
  const { t } = useTranslation();
  const { base } = useCurrentSession();
  const serviceOrderId = serviceOrderIdOf(useLocation().search);
  const target = useServiceReportTarget(serviceOrderId);
  const [opening, setOpening] = useState(false);
  const notFound = serviceOrderId === null || (target.isError && isNotFound(target.error));

  useEffect(() => {
    if (target.error && !notFound) handOverSessionErrors(target.error);
  }, [target.error, notFound]);

  const toWorkOrders = <Link to={`${base}/workOrder`}>{t('workOrders:report_link_to_work_orders')}</Link>;
  const problem = (
    title: string,
    description: string,
    intent: Intent,
    icon: 'search' | 'lock' | 'document' | 'error',
  ) => ({
    title,
    body: (
      <Callout intent={intent} icon={icon}>
        <p>{description}</p>
        {toWorkOrders}
      </Callout>
    ),
  });

  let shown: { title: string; body: ReactElement };
  if (notFound) {
    shown = problem(
      t('workOrders:report_link_not_found_title'),
      t('workOrders:report_link_not_found_text'),
      Intent.WARNING,
      'search',
    );
  } else if (target.isError) {
    shown = problem(
      t('workOrders:report_link_failed_title'),
      t('workOrders:report_link_failed_text'),
      Intent.DANGER,
      'error',
    );
  } else if (!target.data) {
    shown = {
      title: t('workOrders:report_link_title'),
      body: <Spinner aria-label={t('workOrders:report_link_loading')} />,
    };
  } else if (!target.data.pdfAvailable) {
    shown = problem(
      t('workOrders:report_link_no_report_title', { serviceOrderNo: target.data.serviceOrderNo }),
      t('workOrders:report_link_no_report_text'),
      Intent.NONE,
      'document',
    );
  } else if (!target.data.userAccessPDF) {
    shown = problem(
      t('workOrders:report_link_no_access_title', { serviceOrderNo: target.data.serviceOrderNo }),
      t('inventory:open_pdf_no_access_tip'),
      Intent.WARNING,
      'lock',
    );
  } else {
    const { serviceOrderNo } = target.data;
    const open = () => {
      setOpening(true);
      void openServiceCallPdf(serviceOrderNo)
        .catch(() => undefined)
        .finally(() => setOpening(false));
    };
    shown = {
      title: t('workOrders:report_link_title_of', { serviceOrderNo }),
      body: (
        <Callout intent={Intent.PRIMARY} icon="document">
          <p>{t('workOrders:report_link_ready', { serviceOrderNo })}</p>
          <Button
            intent={Intent.PRIMARY}
            icon="document-open"
            loading={opening}
            text={t('workOrders:report_link_open')}
            onClick={open}
          />
          <p style={{ marginTop: 12 }}>{toWorkOrders}</p>
        </Callout>
      ),
    };
  }

  return (
    <section className="portal-page" aria-labelledby={TITLE_ID} aria-busy={target.isFetching}>
      <H1 id={TITLE_ID}>{shown.title}</H1>
      {shown.body}
    </section>
  );
}

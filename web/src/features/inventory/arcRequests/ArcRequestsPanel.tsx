import { useId, useState, type ReactNode } from 'react';
import { Card, Classes, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_REQUEST_PAGE_SIZE,
  type ContractChangeRequest,
  type Equipment,
} from '../../../../../contract/equipment';
import { Pager } from '../../../components/Pager';
import { LoadFailedCallout } from '../../../components/LoadFailedCallout';
import { formatDateTime } from '../../../lib/dates';
import { CONTACT_METHOD_LABEL } from '../../../components/requestForm/requestForm';
import { STATUS_TAG, useArcRequests } from './arcRequests';
import { TitledDrawer } from '../../../components/TitledDrawer';

/** Width of the side panel. Chosen: not in spec. */
const PANEL_WIDTH = 480;

export interface ArcRequestsPanelProps {
  equipment: Equipment;
  /** The make, model and serial as the page names the instrument. */
  title: string;
  onClose(): void;
}

const FACTS_STYLE = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', margin: '6px 0 0' };
const TEXT_STYLE = { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** One request: its reference, status and date, then who asked, how to reach them and what they asked. */
function RequestCard({ request }: { request: ContractChangeRequest }) {
  const { t } = useTranslation();
  const headingId = useId();
  const status = STATUS_TAG[request.status];
  const facts: Array<[string, ReactNode]> = [
    [t('contractRequest:requested_by'), request.requesterName],
    [
      t('contractRequest:contact_method'),
      request.contactMethod === null ? null : t(CONTACT_METHOD_LABEL[request.contactMethod]),
    ],
    [t('contractRequest:interested_in'), request.interestedIn],
    [t('contractRequest:additional_solutions_for'), request.additionalSolutionsFor],
    [t('feedback:comments'), request.comments],
  ];
  return (
    <li aria-labelledby={headingId} style={{ marginBottom: 8 }}>
      <Card compact>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <strong id={headingId}>{request.reference}</strong>
          <Tag round intent={status.intent} minimal={status.minimal}>
            {t(status.label)}
          </Tag>
          <time dateTime={request.createdOn} className={Classes.TEXT_MUTED} style={{ marginLeft: 'auto' }}>
            {formatDateTime(request.createdOn)}
          </time>
        </div>
        <dl style={FACTS_STYLE}>
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt className={Classes.TEXT_MUTED}>{label}</dt>
                <dd style={TEXT_STYLE}>{value}</dd>
              </div>
            ))}
        </dl>
      </Card>
    </li>
  );
}

/**
 * The row menu's "View ARC requests" side panel (spec 2 section 2, the archive-request panel): the contract change
 * requests about the instrument by anyone of the customer, newest first, with their status, paged.
 */
export function ArcRequestsPanel({ equipment, title, onClose }: ArcRequestsPanelProps) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(0);
  const found = useArcRequests(equipment.equipmentId, pageIndex);
  const heading = t('contractRequest:requests_title');

  const body = () => {
    if (found.isPending) {
      return <NonIdealState icon={<Spinner size={32} />} title={t('contractRequest:requests_loading')} />;
    }
    if (found.isError) {
      return (
        <LoadFailedCallout
          title={t('contractRequest:requests_load_failed')}
          error={found.error}
          onRetry={() => void found.refetch()}
        />
      );
    }
    if (found.data.totalCount === 0) {
      return (
        <NonIdealState
          icon="annotation"
          title={t('contractRequest:requests_empty')}
          description={t('contractRequest:requests_empty_hint')}
        />
      );
    }
    return (
      <>
        <ol className={Classes.LIST_UNSTYLED} aria-label={heading} aria-busy={found.isFetching}>
          {found.data.items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ol>
        <Pager
          pageIndex={pageIndex}
          pageSize={CONTRACT_REQUEST_PAGE_SIZE}
          totalCount={found.data.totalCount}
          placeholder={found.isPlaceholderData}
          onPage={setPageIndex}
        />
      </>
    );
  };

  return (
    <TitledDrawer isOpen onClose={onClose} title={heading} icon="annotation" size={PANEL_WIDTH}>
      <div className={Classes.DRAWER_BODY} role="region" aria-label={heading}>
        <div className={Classes.DIALOG_BODY}>
          <p className={Classes.TEXT_MUTED}>{title}</p>
          <p>{t('contractRequest:requests_intro')}</p>
          {body()}
        </div>
      </div>
    </TitledDrawer>
  );
}

import { useState } from 'react';
import { Button, Callout, Card, Classes, H2, Intent, Spinner, SpinnerSize, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DUE_LIST_PAGE_SIZE, DUE_LIST_PAGE_SIZE_MAX, DUE_SOON_DAYS, type DueItem } from '../../../../contract/dueDates';
import { formatDate } from '../../lib/dates';
import { useDueSoon } from './api/dueSoon';
import './dueSoon.css';

export interface DueSoonListProps {
  /** The portal's base path (/app or /admin) and whether the instrument pages are open to the user. */
  base: string;
  mayOpenInstruments: boolean;
}

const instrumentText = (item: DueItem) => [item.serial, item.instrumentName].filter(Boolean).join(' – ');

/** The welcome page's list of service work that is overdue or due within DUE_SOON_DAYS, a few at a time. */
export function DueSoonList({ base, mayOpenInstruments }: DueSoonListProps) {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = useState(DUE_LIST_PAGE_SIZE);
  const due = useDueSoon(pageSize);
  const days = { days: DUE_SOON_DAYS };

  let body;
  if (due.isPending) body = <Spinner size={SpinnerSize.SMALL} aria-label={t('dueDates:loading')} />;
  else if (due.isError)
    body = (
      <Callout intent={Intent.DANGER} title={t('dueDates:load_failed')}>
        <Button text={t('dueDates:retry')} icon="refresh" onClick={() => void due.refetch()} />
      </Callout>
    );
  else if (due.data.items.length === 0) body = <p className={Classes.TEXT_MUTED}>{t('dueDates:empty', days)}</p>;
  else {
    const { items, totalCount } = due.data;
    const canShowMore = items.length < totalCount && pageSize < DUE_LIST_PAGE_SIZE_MAX;
    body = (
      <>
        <ul className="due-soon-list" aria-label={t('dueDates:list_label')} aria-busy={due.isFetching}>
          {items.map((item) => {
            const date = formatDate(item.dueDate);
            const instrument = instrumentText(item);
            return (
              <li key={`${item.equipmentId}-${item.serviceCallType}`} className="due-soon-item">
                <span className="due-soon-what">
                  {mayOpenInstruments ? (
                    <Link to={`${base}/product/equipmentDetail/${item.equipmentId}`}>{instrument}</Link>
                  ) : (
                    <span>{instrument}</span>
                  )}
                  <span className={Classes.TEXT_MUTED}>{t(`calendar:service_type_${item.serviceCallType}`)}</span>
                </span>
                <span className="due-soon-when">
                  {item.overdue ? (
                    <Tag intent={Intent.DANGER} minimal multiline icon="warning-sign">
                      <time dateTime={item.dueDate}>{t('dueDates:overdue_since', { date })}</time>
                    </Tag>
                  ) : (
                    <time dateTime={item.dueDate}>{t('dueDates:due_on', { date })}</time>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        <div className="due-soon-footer">
          <span className={Classes.TEXT_MUTED}>
            {t('dueDates:shown_of', { shown: items.length, total: totalCount })}
          </span>
          {canShowMore && (
            <Button
              variant="minimal"
              icon="chevron-down"
              text={t('dueDates:show_more')}
              loading={due.isFetching}
              onClick={() => setPageSize(Math.min(pageSize + DUE_LIST_PAGE_SIZE * 2, DUE_LIST_PAGE_SIZE_MAX))}
            />
          )}
          {pageSize > DUE_LIST_PAGE_SIZE && (
            <Button
              variant="minimal"
              icon="chevron-up"
              text={t('dueDates:show_fewer')}
              onClick={() => setPageSize(DUE_LIST_PAGE_SIZE)}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="due-soon-title" className="due-soon">
      <Card elevation={1}>
        <H2 id="due-soon-title" className="portal-heading-4">
          {t('dueDates:title')}
        </H2>
        <p className={Classes.TEXT_MUTED}>{t('dueDates:intro', days)}</p>
        {body}
      </Card>
    </section>
  );
}

import { useEffect, useId, useRef } from 'react';
import {
  Button,
  Card,
  Classes,
  HTMLTable,
  Icon,
  NonIdealState,
  Spinner,
  SpinnerSize,
  type IconName,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../../contract/history';
import { formatDateTime } from '../../lib/dates';
import { LoadFailedCallout } from '../LoadFailedCallout';
import type { HistoryKind } from './historyKeys';
import { historyEventLabel, historyFieldLabel, historyValueText, type HistoryFields } from './historyValues';
import { useHistory } from './api/useHistory';

export interface HistoryListProps {
  kind: HistoryKind;
  id: number;
  /** Names the list, e.g. "History of SN-1234". */
  label: string;
  /** The labels and values of the record's fields; without it a field shows its key. */
  fields?: HistoryFields;
}

const ICON_OF: Record<string, IconName> = {
  equipment: 'lab-test',
  document: 'document',
  reservation: 'calendar',
  serviceCall: 'wrench',
};
const iconOf = (eventType: string): IconName =>
  /image/i.test(eventType) ? 'media' : (ICON_OF[eventType.split('.')[0] ?? ''] ?? 'history');

/**
 * The audit history of an instrument, a reservation or a work order, newest first: when, who, what and about
 * which file or order, with each changed field's value before and after. Show more loads the next page.
 */
export function HistoryList({ kind, id, label, fields }: HistoryListProps) {
  const { t } = useTranslation();
  const { found, entries, totalCount } = useHistory(kind, id);
  const list = useRef<HTMLOListElement>(null);
  const focusAt = useRef<number | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = found;

  // Show more disappears on the last page: the keyboard goes on at the first of the entries it loaded.
  useEffect(() => {
    const index = focusAt.current;
    if (index === null || entries.length <= index) return;
    focusAt.current = null;
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [entries.length]);

  if (found.isPending) {
    return <NonIdealState icon={<Spinner size={SpinnerSize.SMALL} />} title={t('history:loading')} />;
  }
  if (entries.length === 0 && found.isError) {
    return (
      <LoadFailedCallout title={t('history:load_failed')} error={found.error} onRetry={() => void found.refetch()} />
    );
  }
  if (entries.length === 0) {
    return <NonIdealState icon="history" title={t('history:empty')} description={t('history:empty_hint')} />;
  }

  const loadMore = () => {
    focusAt.current = entries.length;
    void fetchNextPage({ cancelRefetch: false });
  };
  return (
    <div className="history-list" aria-busy={found.isFetching}>
      <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} role="status">
        {t('history:shown', { shown: entries.length, total: totalCount })}
      </span>
      <ol ref={list} className="history-entries" aria-label={label}>
        {entries.map((entry) => (
          <HistoryEntryItem key={entry.id} entry={entry} fields={fields} />
        ))}
      </ol>
      {isFetchingNextPage && <Spinner size={SpinnerSize.SMALL} aria-label={t('history:loading_more')} />}
      {isFetchNextPageError && (
        <LoadFailedCallout compact title={t('history:more_failed')} error={found.error} onRetry={loadMore} />
      )}
      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
        <Button className="history-more" icon="more" text={t('history:show_more')} onClick={loadMore} />
      )}
    </div>
  );
}

function HistoryEntryItem({ entry, fields }: { entry: HistoryEntry; fields?: HistoryFields }) {
  const { t } = useTranslation();
  const headingId = useId();
  const what = historyEventLabel(t, entry.eventType);
  const when = formatDateTime(entry.time);
  return (
    <li className="history-entry" aria-labelledby={headingId} tabIndex={-1}>
      <Card compact>
        <div className="history-entry-head">
          <Icon icon={iconOf(entry.eventType)} className={Classes.TEXT_MUTED} />
          <span id={headingId} className="history-entry-title">
            <strong>{what}</strong>
            {entry.subject && ` · ${entry.subject}`}
          </span>
          <span className={Classes.TEXT_MUTED}>
            <time dateTime={entry.time}>{when}</time>
            {' · '}
            {entry.actorName ?? t('history:actor_system')}
          </span>
        </div>
        {entry.changes.length > 0 && (
          <HTMLTable compact className="history-changes" aria-label={t('history:changes_label', { what, when })}>
            <thead>
              <tr>
                <th scope="col">{t('history:column_field')}</th>
                <th scope="col">{t('history:column_old')}</th>
                <th scope="col">{t('history:column_new')}</th>
              </tr>
            </thead>
            <tbody>
              {entry.changes.map((change, index) => (
                <tr key={`${change.field}-${index}`}>
                  <th scope="row">{historyFieldLabel(t, fields, change.field)}</th>
                  <td>{historyValueText(t, fields, change.field, change.old)}</td>
                  <td>{historyValueText(t, fields, change.field, change.new)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
    </li>
  );
}

import { Button, ButtonGroup, HTMLTable, Intent, Tooltip } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PAGE_SIZE, type Reservation } from '../../../../contract/reservations';
import { ListBody } from '../../components/list';
import { ReserverAvatar } from '../../components/reservations';
import { formatDateTime } from '../../lib/dates';
import type { ReservationActions } from './ReservationBlock';

export interface ReservationSearchGridProps {
  found: UseQueryResult<{ items: Reservation[]; totalCount: number }>;
  /** The words searched for. */
  keyword: string;
  pageIndex: number;
  onPage(pageIndex: number): void;
  /** Ends the search: the calendar shows again. */
  onReset(): void;
  actions: ReservationActions;
}

const COLUMNS = [
  'serial',
  'instrument_name',
  'city',
  'building',
  'floor',
  'room',
  'comments',
  'start_date',
  'end_date',
  'reserved_by',
] as const;

/**
 * The reservations found by the search, paged, with edit, copy, delete and its history pinned on the right; or what
 * stands in their place (loading, failed, nothing found with the offer to end the search).
 */
export function ReservationSearchGrid({
  found,
  keyword,
  pageIndex,
  onPage,
  onReset,
  actions,
}: ReservationSearchGridProps) {
  const { t } = useTranslation();
  return (
    <ListBody
      list={found}
      paging={{ pageIndex, pageSize: CALENDAR_PAGE_SIZE, onPage }}
      texts={{
        loading: t('calendar:loading'),
        loadFailed: t('calendar:load_failed'),
        empty: t('calendar:no_data'),
        emptyFiltered: t('calendar:no_data'),
        emptyHint: t('calendar:no_search_results', { keyword }),
      }}
      emptyIcon="search"
      emptyAction={<Button text={t('calendar:search_reset')} onClick={onReset} />}
      narrowed={false}
    >
      {(items) => <FoundReservations items={items} actions={actions} />}
    </ListBody>
  );
}

function FoundReservations({ items, actions }: { items: Reservation[]; actions: ReservationActions }) {
  const { t } = useTranslation();
  return (
    <div className="calendar-search-scroll">
      <HTMLTable striped compact className="calendar-search-table" aria-label={t('calendar:search_results')}>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {t(`calendar:col_${c}`)}
              </th>
            ))}
            <th scope="col" className="calendar-pinned">
              {t('calendar:col_actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => {
            const allowed = actions.permissionsOf(r);
            const name = [r.serial, r.instrumentName].filter(Boolean).join(' – ');
            const action = (key: string) => t(key, { name, time: formatDateTime(r.startDate) });
            return (
              <tr key={r.reservationId}>
                <td>{r.serial}</td>
                <td>{r.instrumentName}</td>
                <td>{r.city}</td>
                <td>{r.building}</td>
                <td>{r.floor}</td>
                <td>{r.room}</td>
                <td className="calendar-comments-cell">{r.comments}</td>
                <td>{formatDateTime(r.startDate)}</td>
                <td>{formatDateTime(r.endDate)}</td>
                <td>
                  <ReserverAvatar reservedBy={r.reservedBy} />
                </td>
                <td className="calendar-pinned">
                  <ButtonGroup variant="minimal">
                    <Tooltip content={t('calendar:edit')} disabled={!allowed.edit}>
                      <Button
                        icon="edit"
                        disabled={!allowed.edit}
                        aria-label={action('calendar:edit_reservation_of')}
                        onClick={() => actions.edit(r)}
                      />
                    </Tooltip>
                    <Tooltip content={t('calendar:copy')}>
                      <Button
                        icon="duplicate"
                        aria-label={action('calendar:copy_reservation_of')}
                        onClick={() => actions.copy(r)}
                      />
                    </Tooltip>
                    <Tooltip content={t('calendar:delete')} disabled={!allowed.remove}>
                      <Button
                        icon="trash"
                        intent={Intent.DANGER}
                        disabled={!allowed.remove}
                        aria-label={action('calendar:delete_reservation_of')}
                        onClick={() => actions.remove(r)}
                      />
                    </Tooltip>
                    <Tooltip content={t('history:show_history')}>
                      <Button
                        icon="history"
                        aria-label={action('history:reservation_history_of')}
                        onClick={() => actions.history(r)}
                      />
                    </Tooltip>
                  </ButtonGroup>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

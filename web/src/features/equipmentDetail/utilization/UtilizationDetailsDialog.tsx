import { useState } from 'react';
import {
  Button,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  Intent,
  Popover,
  Spinner,
  type IconName,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UtilizationEvent, UtilizationPeriod } from '../../../../../contract/equipment';
import type { FilterSetting } from '../../../../../contract/listQuery';
import { FilterChips, useSearchText, withFilter, type ListFields } from '../../../components/list';
import { Pager } from '../../../components/Pager';
import { LoadFailedCallout } from '../../../components/LoadFailedCallout';
import { formatDateTime } from '../../../lib/dates';
import { EventValueFilter } from './EventValueFilter';
import { formatTwoDecimals, periodLabel } from './utilizationAxis';
import {
  EVENT_COLUMNS,
  FILTERABLE_COLUMNS,
  filterBody,
  isFilterable,
  pickedFilter,
  type EventColumn,
  type FilterableColumn,
} from './utilizationEvents';
import { useUtilizationEventList, useUtilizationEvents } from '../api/utilization';
import { SectionNonIdealState } from '../../../components/PageNonIdealState';
import { PortalDialog } from '../../../components/dialog/PortalDialog';

/** Chosen: not in spec. Ten rows of 40 px fit the modal without scrolling. */
export const EVENTS_PAGE_SIZE = 10;
/** Spec 2 section 9: "Utilization grid row height 40". */
const ROW_HEIGHT = 40;
/** Spec 2 section 9: the wide modal. */
const DIALOG_WIDTH = 1000;

/** Texts longer than this end in an ellipsis (the whole text in the cell's title), so a row keeps its height. */
const LONG_TEXT_WIDTH = 220;
const NUMERIC: ReadonlySet<EventColumn> = new Set(['hours', 'sampleCount', 'injectionCount']);
const DATES: ReadonlySet<EventColumn> = new Set(['startTime', 'endTime']);

/** The filterable columns as the shared filter chips know list fields. */
const CHIP_FIELDS: ListFields = {
  columns: FILTERABLE_COLUMNS,
  kindOf: () => 'text',
  label: (t, field) => t(`utilization:col_${field}`),
};

interface Sort {
  field: EventColumn;
  desc: boolean;
}

/** A header click sorts ascending, then descending, then goes back to the server's order. */
const nextSort = (sort: Sort | null, field: EventColumn): Sort | null =>
  sort?.field !== field ? { field, desc: false } : sort.desc ? null : { field, desc: true };

export interface UtilizationDetailsDialogProps {
  systemId: string;
  period: UtilizationPeriod;
  /** The range of the chart: a day or a month names the period. */
  range: number;
  onClose(): void;
}

/**
 * The utilization details modal (spec 2 sections 2 and 3): the runs of the clicked period, paged, sorted by a header
 * click, searched as the user types, and filtered per column by values picked from the period's runs.
 */
export function UtilizationDetailsDialog({ systemId, period, range, onClose }: UtilizationDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const periodName = periodLabel(period, range, i18n.language, 'long');
  return (
    <PortalDialog
      isOpen
      onClose={onClose}
      title={t('utilization:details_title', { period: periodName })}
      style={{ width: DIALOG_WIDTH, maxWidth: 'calc(100vw - 32px)' }}
    >
      <DialogBody>
        {systemId ? (
          <PeriodEvents systemId={systemId} period={period} periodName={periodName} />
        ) : (
          <SectionNonIdealState level={3} icon="th-disconnect" title={t('utilization:runs_empty')} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('utilization:close')} onClick={onClose} />} />
    </PortalDialog>
  );
}

function PeriodEvents({
  systemId,
  period,
  periodName,
}: {
  systemId: string;
  period: UtilizationPeriod;
  periodName: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const search = useSearchText();
  // The page belongs to the keyword it was chosen with: a new keyword starts at the first page.
  const [page, setPage] = useState({ index: 0, keyword: '' });
  const pageIndex = page.keyword === search.keyword ? page.index : 0;
  const [sort, setSort] = useState<Sort | null>(null);
  const [filters, setFilters] = useState<FilterSetting[]>([]);
  const [filterOpen, setFilterOpen] = useState<FilterableColumn | null>(null);
  const [valuesWanted, setValuesWanted] = useState(false);
  const list = useUtilizationEvents(systemId, period, {
    pageIndex,
    pageSize: EVENTS_PAGE_SIZE,
    filter: filterBody(filters),
    fullTextSearch: search.keyword || undefined,
    sortField: sort?.field,
    sortDesc: sort ? sort.desc : undefined,
  });
  const events = useUtilizationEventList(systemId, period, valuesWanted);

  const firstPage = () => setPage({ index: 0, keyword: search.keyword });
  const setFilter = (column: FilterableColumn, values: string[]) => {
    setFilters((current) => withFilter(current, column, pickedFilter(column, values)));
    firstPage();
  };
  const openFilter = (column: FilterableColumn | null) => {
    if (column) setValuesWanted(true);
    setFilterOpen(column);
  };
  const name = (column: EventColumn) => t(`utilization:col_${column}`);
  const picked = (column: FilterableColumn) => filters.find((f) => f.field === column)?.value ?? [];

  const cell = (event: UtilizationEvent, column: EventColumn) => {
    const value = event[column];
    if (value === null || value === '') return '';
    if (DATES.has(column)) return formatDateTime(String(value));
    if (column === 'hours') return formatTwoDecimals(Number(value), locale);
    if (NUMERIC.has(column)) return new Intl.NumberFormat(locale).format(Number(value));
    return String(value);
  };

  const header = (column: EventColumn) => {
    const sorted = sort?.field === column ? sort : null;
    const sortIcon: IconName = sorted ? (sorted.desc ? 'sort-desc' : 'sort-asc') : 'double-caret-vertical';
    const active = isFilterable(column) && picked(column).length > 0;
    return (
      <th
        key={column}
        scope="col"
        aria-sort={sorted ? (sorted.desc ? 'descending' : 'ascending') : undefined}
        style={{ whiteSpace: 'nowrap', textAlign: NUMERIC.has(column) ? 'right' : undefined }}
      >
        <Button
          variant="minimal"
          size="small"
          text={name(column)}
          endIcon={sortIcon}
          onClick={() => {
            setSort((current) => nextSort(current, column));
            firstPage();
          }}
        />
        {isFilterable(column) && (
          <Popover
            isOpen={filterOpen === column}
            onInteraction={(open) => openFilter(open ? column : null)}
            placement="bottom-start"
            content={
              <EventValueFilter
                column={column}
                name={name(column)}
                events={events}
                picked={picked(column)}
                onChange={(values) => setFilter(column, values)}
              />
            }
          >
            <Button
              variant="minimal"
              size="small"
              icon="filter"
              intent={active ? Intent.PRIMARY : Intent.NONE}
              aria-label={t('utilization:filter_by', { column: name(column) })}
              aria-pressed={active}
            />
          </Popover>
        )}
      </th>
    );
  };

  const narrowed = filters.length > 0 || search.keyword !== '';
  let body;
  if (list.isPending) {
    body = <SectionNonIdealState level={3} icon={<Spinner size={32} />} title={t('utilization:runs_loading')} />;
  } else if (list.isError) {
    body = (
      <LoadFailedCallout title={t('utilization:runs_failed')} error={list.error} onRetry={() => void list.refetch()} />
    );
  } else {
    const { items, totalCount } = list.data;
    body = (
      <>
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable
            compact
            striped
            aria-label={t('utilization:runs_of', { period: periodName })}
            aria-busy={list.isFetching}
            style={{ width: '100%' }}
          >
            <thead>
              <tr>{EVENT_COLUMNS.map(header)}</tr>
            </thead>
            <tbody>
              {items.map((event, index) => (
                <tr key={`${event.startTime}-${index}`} style={{ height: ROW_HEIGHT }}>
                  {EVENT_COLUMNS.map((column) => {
                    const text = cell(event, column);
                    const long = isFilterable(column);
                    return (
                      <td
                        key={column}
                        title={long ? text : undefined}
                        style={{
                          verticalAlign: 'middle',
                          whiteSpace: 'nowrap',
                          textAlign: NUMERIC.has(column) ? 'right' : undefined,
                          ...(long ? { maxWidth: LONG_TEXT_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
                        }}
                      >
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        {totalCount === 0 ? (
          <SectionNonIdealState
            level={3}
            icon={narrowed ? 'filter' : 'th-disconnect'}
            title={t(narrowed ? 'utilization:runs_none_match' : 'utilization:runs_empty')}
          />
        ) : (
          <Pager
            pageIndex={pageIndex}
            pageSize={EVENTS_PAGE_SIZE}
            totalCount={totalCount}
            placeholder={list.isPlaceholderData}
            onPage={(index) => setPage({ index, keyword: search.keyword })}
          />
        )}
      </>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('utilization:search_runs')}
        placeholder={t('utilization:search_runs')}
        value={search.typed}
        onChange={(e) => search.setTyped(e.target.value)}
        style={{ maxWidth: 360 }}
      />
      <FilterChips
        fields={CHIP_FIELDS}
        filters={filters}
        onEdit={(field) => openFilter(field as FilterableColumn)}
        onRemove={(field) => setFilter(field as FilterableColumn, [])}
        onClearAll={() => {
          setFilters([]);
          firstPage();
        }}
      />
      {body}
    </div>
  );
}

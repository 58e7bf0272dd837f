import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  Button,
  ButtonGroup,
  Classes,
  H1,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  SpinnerSize,
  Tooltip,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PreferenceKeys } from '../../../../contract/preferences';
import {
  CALENDAR_PAGE_SIZE,
  CalendarOrderType,
  type CalendarInstrument,
  type Reservation,
} from '../../../../contract/reservations';
import { calendarMachine, periodOf, type TimeInterval } from '../../../../machines/calendar.machine';
import { LazyHistoryDialog } from '../../components/history';
import { usePageWithinList } from '../../components/list';
import { Pager } from '../../components/Pager';
import {
  isReserver,
  permissionsOf,
  RESERVATION_HISTORY_FIELDS,
  ReservationDialog,
  useReservationRemoval,
} from '../../components/reservations';
import { SavedViewBar, useSavedViews, type ViewLink } from '../../components/savedViews';
import { listParam, useListParams } from '../../lib/listUrl';
import { useCurrentSession } from '../../lib/currentUser';
import { formatDate } from '../../lib/dates';
import { readLocal, writeLocal } from '../../lib/localSettings';
import { CalendarBoard, instrumentName } from './CalendarBoard';
import { CalendarFilterPopover } from './CalendarFilterPopover';
import {
  completeLayout,
  hasFilter,
  INITIAL_CALENDAR_LAYOUT,
  serviceCallTypeParam,
  SIDEBAR_COLLAPSED_KEY,
  type CalendarLayout,
} from './calendarLayout';
import { reservationKeys } from '../../components/reservations/reservationKeys';
import { useReservationSearch } from './api/reservationSearch';
import { useCalendarRows, useReservationDays } from './calendarQueries';
import { useCalendarDueDates } from './api/dueDates';
import { CalendarSidebar } from './CalendarSidebar';
import { formatPeriod, type ReservationActions } from './ReservationBlock';
import { ReservationSearchGrid } from './ReservationSearchGrid';
import { useReservationSearchParams } from './reservationSearchParams';

/** The calendar's view and layout in the URL: filters, service types, mine or all, mode and row order. */
const CALENDAR_LINK: ViewLink<CalendarLayout> = {
  params: {
    filter: {
      name: 'filter',
      param: listParam.json(z.object({ serialNo: z.string(), systemNickName: z.string(), systemID: z.string() })),
    },
    reservationFilterMode: { name: 'reservations', param: listParam.oneOf(['all', 'mine'] as const) },
    timeInterval: { name: 'mode', param: listParam.oneOf(['week', 'day'] as const) },
    sortBy: { name: 'sort', param: listParam.oneOf(CalendarOrderType.options) },
    serviceOrderTypeCheckedKeys: {
      name: 'types',
      param: listParam.json(z.object({ scheduledEvent: z.array(z.number()), serviceWork: z.array(z.number()) })),
    },
  },
  base: INITIAL_CALENDAR_LAYOUT,
};

const DATE_FORMAT = 'YYYY-MM-DD';
const CALENDAR_PARAMS = { date: listParam.date(), page: listParam.integer(0, 100_000) };

/** How often the future half-hour slots are measured again. Chosen: not in spec. */
const CLOCK_TICK_MS = 60_000;

/**
 * Narrower windows open the calendar with the sidebar collapsed until the user opens it, so a week's day columns have
 * room for their entries side by side. Chosen: not in spec.
 */
const SIDEBAR_OPEN_MIN_WIDTH = 1600;

/** First day of the week in the current date language (0 Sunday). */
const weekStartOfLocale = () => (dayjs.Ls[dayjs.locale()] as { weekStart?: number } | undefined)?.weekStart ?? 0;

type OpenDialog = {
  mode: 'add' | 'edit' | 'copy';
  reservation?: Reservation;
  equipment?: { equipmentId: number; label: string };
  start?: Date;
};

/** The date range of the period, as the header shows it. */
function rangeLabel(start: Date, end: Date, timeInterval: TimeInterval) {
  if (timeInterval === 'day') return dayjs(start).format('dddd, ll');
  return `${formatDate(start)} – ${formatDate(dayjs(end).subtract(1, 'day').toDate())}`;
}

/** /app/calendar (spec 3 section 2 "Calendar"): instrument reservations by week or day, search, saved views. */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user, base } = useCurrentSession();
  const views = useSavedViews<CalendarLayout>({
    preferenceKey: PreferenceKeys.calendar,
    initialLayout: INITIAL_CALENDAR_LAYOUT,
    link: CALENDAR_LINK,
  });
  const layout = useMemo(() => completeLayout(views.layout), [views.layout]);
  const [today] = useState(() => dayjs().format(DATE_FORMAT));
  const calendarDefaults = useMemo(() => ({ date: today, page: 0 }), [today]);
  const [where, changeWhere] = useListParams(CALENDAR_PARAMS, calendarDefaults);
  const [snapshot, send] = useMachine(calendarMachine, {
    input: {
      weekStartsOn: weekStartOfLocale(),
      timeInterval: layout.timeInterval,
      anchor: dayjs(where.date, DATE_FORMAT).toDate(),
      pageIndex: where.page,
    },
  });
  const { anchor, timeInterval, weekStartsOn, pageIndex } = snapshot.context;
  const shownDate = dayjs(anchor).format(DATE_FORMAT);
  useEffect(() => changeWhere({ date: shownDate, page: pageIndex }), [shownDate, pageIndex, changeWhere]);
  const reservationSearch = useReservationSearchParams();
  const { keyword, pageIndex: searchPageIndex } = reservationSearch;
  const searching = keyword !== '';
  const period = useMemo(() => periodOf({ anchor, timeInterval, weekStartsOn }), [anchor, timeInterval, weekStartsOn]);

  useEffect(() => send({ type: 'SET_MODE', timeInterval: layout.timeInterval }), [layout.timeInterval, send]);
  const rowsFilter = JSON.stringify([
    layout.filter,
    layout.reservationFilterMode,
    layout.sortBy,
    layout.serviceOrderTypeCheckedKeys,
  ]);
  // The rows start again at the first page when filters change, not when the views first load (the link's page).
  const seenFilter = useRef<string | null>(null);
  const viewsReady = views.status !== 'loading';
  useEffect(() => {
    if (!viewsReady) return;
    if (seenFilter.current !== null && seenFilter.current !== rowsFilter) send({ type: 'FILTERS_CHANGED' });
    seenFilter.current = rowsFilter;
  }, [viewsReady, rowsFilter, send]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const [collapsed, setCollapsed] = useState(() =>
    readLocal<boolean>(SIDEBAR_COLLAPSED_KEY, window.innerWidth < SIDEBAR_OPEN_MIN_WIDTH),
  );
  const toggleSidebar = () => {
    writeLocal(SIDEBAR_COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };
  const [overviewMonth, setOverviewMonth] = useState(() => dayjs(anchor).startOf('month').toDate());
  const [typed, setTyped] = useState(keyword);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Kept after closing, so the dialog closes as it opened and gives the focus back.
  const [history, setHistory] = useState<{ reservation: Reservation; isOpen: boolean } | null>(null);

  const ready = views.status !== 'loading';
  const rows = useCalendarRows(layout, period, pageIndex, ready && !searching);
  // The sidebar's marks of reserved days: only while it shows them, and after the rows, which the server (one
  // statement at a time on PGlite) would otherwise answer behind them.
  const days = useReservationDays(layout, overviewMonth, ready && !collapsed && (searching || !rows.isPending));
  const found = useReservationSearch(keyword, searchPageIndex, searching);
  // The due dates of the shown rows: asked for once the rows are there, so they never hold the rows back.
  const shownIds = useMemo(() => rows.data?.items.map((row) => row.equipmentId) ?? [], [rows.data]);
  const dueDates = useCalendarDueDates(
    shownIds,
    period,
    serviceCallTypeParam(layout),
    !searching && !rows.isPending && !rows.isPlaceholderData,
  );
  const reservedDays = useMemo(() => days.data?.items.map((d) => d.date) ?? [], [days.data]);

  const changeLayout = (change: Partial<CalendarLayout>) => views.changeLayout({ ...layout, ...change });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
  const removal = useReservationRemoval();

  const actions: ReservationActions = {
    edit: (reservation) => setDialog({ mode: 'edit', reservation }),
    copy: (reservation) => setDialog({ mode: 'copy', reservation }),
    remove: (reservation) => removal.remove(reservation, refresh),
    history: (reservation) => setHistory({ reservation, isOpen: true }),
    permissionsOf: (reservation) => permissionsOf(reservation, user, now),
    isMine: (reservation) => isReserver(reservation, user),
  };
  const addAt = (row: CalendarInstrument, start: Date) =>
    setDialog({
      mode: 'add',
      equipment: { equipmentId: row.equipmentId, label: [row.serial, instrumentName(row)].filter(Boolean).join(' – ') },
      start,
    });

  const historyTitle = (reservation: Reservation) =>
    t('history:reservation_title', {
      instrument: [reservation.serial, reservation.instrumentName].filter(Boolean).join(' – '),
      period: formatPeriod(reservation.startDate, reservation.endDate),
    });

  const search = () => reservationSearch.search(typed);
  const resetSearch = () => {
    setTyped('');
    reservationSearch.search('');
  };
  usePageWithinList(
    searchPageIndex,
    CALENDAR_PAGE_SIZE,
    searching && !found.isPlaceholderData ? found.data?.totalCount : undefined,
    reservationSearch.page,
  );

  const loading = searching ? found.isFetching : rows.isFetching;
  const navigationDisabled = searching || rows.isFetching;
  const sortLabels: Record<CalendarOrderType, string> = {
    serial: t('calendar:sort_serial'),
    systemNickName: t('calendar:sort_nickname'),
    systemId: t('calendar:sort_system_id'),
    city: t('calendar:sort_city'),
  };

  return (
    <section className="calendar-page" aria-labelledby="calendar-title">
      <header className="calendar-toolbar">
        <H1 id="calendar-title">{t('calendar:title')}</H1>
        <SavedViewBar views={views} />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          data-tour="calendar-add"
          text={t('calendar:add_reservation')}
          onClick={() => setDialog({ mode: 'add' })}
        />
      </header>
      <div className="calendar-toolbar">
        <CalendarFilterPopover filter={layout.filter} onApply={(filter) => changeLayout({ filter })} />
        <form
          role="search"
          className="calendar-search-box"
          data-tour="calendar-search"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder={t('calendar:search_placeholder')}
            aria-label={t('calendar:search_placeholder')}
            aria-describedby="calendar-search-help"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === '' && searching) reservationSearch.search('');
            }}
          />
          <Tooltip content={t('calendar:search_help')}>
            <Button variant="minimal" icon="help" aria-label={t('calendar:search_help_label')} />
          </Tooltip>
          <span id="calendar-search-help" className={Classes.TEXT_MUTED} hidden>
            {t('calendar:search_help')}
          </span>
          {searching && <Button icon="cross" text={t('calendar:search_reset')} onClick={resetSearch} />}
        </form>
        {!searching && (
          <>
            <ButtonGroup data-tour="calendar-navigation">
              <Button
                icon="chevron-left"
                aria-label={t(timeInterval === 'day' ? 'calendar:previous_day' : 'calendar:previous_week')}
                disabled={navigationDisabled}
                onClick={() => send({ type: 'PREV' })}
              />
              <Button
                text={t('calendar:today')}
                disabled={navigationDisabled}
                onClick={() => send({ type: 'TODAY' })}
              />
              <Button
                icon="chevron-right"
                aria-label={t(timeInterval === 'day' ? 'calendar:next_day' : 'calendar:next_week')}
                disabled={navigationDisabled}
                onClick={() => send({ type: 'NEXT' })}
              />
            </ButtonGroup>
            <strong id="calendar-range" className="calendar-range" aria-live="polite">
              {rangeLabel(period.start, period.end, timeInterval)}
            </strong>
            <ButtonGroup aria-label={t('calendar:mode_label')} role="group" data-tour="calendar-mode">
              {(['week', 'day'] as const).map((mode) => (
                <Button
                  key={mode}
                  text={t(`calendar:mode_${mode}`)}
                  active={layout.timeInterval === mode}
                  aria-pressed={layout.timeInterval === mode}
                  onClick={() => changeLayout({ timeInterval: mode })}
                />
              ))}
            </ButtonGroup>
            <HTMLSelect
              aria-label={t('calendar:sort_label')}
              value={layout.sortBy}
              onChange={(e) => changeLayout({ sortBy: e.currentTarget.value as CalendarOrderType })}
              options={CalendarOrderType.options.map((value) => ({ value, label: sortLabels[value] }))}
            />
          </>
        )}
        {loading && <Spinner size={SpinnerSize.SMALL} aria-label={t('calendar:loading')} />}
      </div>

      <div className="calendar-layout">
        <CalendarSidebar
          layout={layout}
          anchor={anchor}
          reservedDays={reservedDays}
          collapsed={collapsed}
          onToggle={toggleSidebar}
          onPickDate={(date) => send({ type: 'PICK_DATE', date })}
          onMonthShown={setOverviewMonth}
          onChange={changeLayout}
        />
        <div className="calendar-main" aria-busy={loading} data-tour="calendar-board">
          {searching ? (
            <ReservationSearchGrid
              found={found}
              keyword={keyword}
              pageIndex={searchPageIndex}
              onPage={reservationSearch.page}
              onReset={resetSearch}
              actions={actions}
            />
          ) : rows.isPending ? (
            <Spinner aria-label={t('calendar:loading')} />
          ) : rows.isError ? (
            <NonIdealState
              icon="error"
              title={t('calendar:load_failed')}
              action={<Button text={t('calendar:retry')} onClick={() => void rows.refetch()} />}
            />
          ) : rows.data.items.length === 0 ? (
            <NonIdealState
              icon="calendar"
              title={t('calendar:no_data')}
              description={
                hasFilter(layout.filter) || layout.reservationFilterMode === 'mine'
                  ? t('calendar:no_data_filtered')
                  : t('calendar:no_data_hint')
              }
            />
          ) : (
            <>
              <CalendarBoard
                rows={rows.data.items}
                period={period}
                timeInterval={timeInterval}
                now={now}
                language={i18n.language}
                actions={actions}
                onAdd={addAt}
                dueDates={dueDates.data?.items}
                instrumentPath={(equipmentId) => `${base}/product/equipmentDetail/${equipmentId}`}
              />
              <Pager
                pageIndex={pageIndex}
                pageSize={CALENDAR_PAGE_SIZE}
                totalCount={rows.data.totalCount}
                placeholder={rows.isPlaceholderData}
                onPage={(index) => send({ type: 'PAGE', pageIndex: index })}
              />
            </>
          )}
        </div>
      </div>

      <ReservationDialog
        isOpen={dialog !== null}
        mode={dialog?.mode ?? 'add'}
        reservation={dialog?.reservation}
        equipment={dialog?.equipment}
        start={dialog?.start}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
      />
      {removal.element}
      {history && (
        <LazyHistoryDialog
          isOpen={history.isOpen}
          kind="reservation"
          id={history.reservation.reservationId}
          title={historyTitle(history.reservation)}
          label={historyTitle(history.reservation)}
          fields={RESERVATION_HISTORY_FIELDS}
          onClose={() => setHistory({ ...history, isOpen: false })}
        />
      )}
    </section>
  );
}

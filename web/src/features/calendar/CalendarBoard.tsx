import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Icon } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_SLOT_MINUTES,
  CALENDAR_WORK_END_HOUR,
  CALENDAR_WORK_START_HOUR,
  type CalendarInstrument,
  type CalendarServiceEvent,
} from '../../../../contract/reservations';
import type { CalendarDueDate } from '../../../../contract/dueDates';
import { daysOf, type Period, type TimeInterval } from '../../../../machines/calendar.machine';
import { formatDate, formatDateTime } from '../../lib/dates';
import { DueDateBlock } from './DueDateBlock';
import { inLanes } from './entryLayout';
import {
  formatEntryTime,
  formatPeriod,
  ReservationBlock,
  ServiceBlock,
  type ReservationActions,
} from './ReservationBlock';
import { WeekTrack } from './WeekTrack';
import type { Item } from './entryLayout';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const SLOT_MS = CALENDAR_SLOT_MINUTES * 60_000;

/** Make and model, or the nickname, as a row names its instrument. */
export const instrumentName = (row: CalendarInstrument) =>
  [row.mfg, row.model].filter(Boolean).join(' ') || row.systemNickName || row.serial || '';

const instrumentLabel = (row: CalendarInstrument) => [row.serial, instrumentName(row)].filter(Boolean).join(' – ');

const locationOf = (row: CalendarInstrument) =>
  [row.city, row.building, row.floor, row.room].filter(Boolean).join(', ');

/** A service order without an end lasts until the end of its day. */
const serviceEnd = (event: CalendarServiceEvent) =>
  event.endDate ? Date.parse(event.endDate) : dayjs(event.startDate).endOf('day').valueOf();

export interface CalendarBoardProps {
  rows: CalendarInstrument[];
  period: Period;
  timeInterval: TimeInterval;
  /** The time future slots are measured against (ms). */
  now: number;
  language: string;
  actions: ReservationActions;
  onAdd(row: CalendarInstrument, start: Date): void;
  /** Due dates of the rows' instruments in the period, asked for after the rows (absent until they arrive). */
  dueDates?: readonly CalendarDueDate[];
  /** The page of an instrument, which a due date links to. */
  instrumentPath(equipmentId: number): string;
}

/** The calendar: one row per instrument, day or hour columns, reservation and service blocks, add slots. */
export function CalendarBoard({
  rows,
  period,
  timeInterval,
  now,
  language,
  actions,
  onAdd,
  dueDates,
  instrumentPath,
}: CalendarBoardProps) {
  const { t } = useTranslation();
  const days = useMemo(() => daysOf(period), [period]);
  const hourFormat = useMemo(() => new Intl.DateTimeFormat(language, { hour: 'numeric' }), [language]);
  const today = dayjs(now);
  const columns =
    timeInterval === 'week'
      ? days.map((day) => ({
          key: day.getTime(),
          head: (
            <>
              <span className="calendar-day-number">{dayjs(day).format('D')}</span>
              <span>{dayjs(day).format('ddd')}</span>
            </>
          ),
          label: dayjs(day).format('dddd, ll'),
          current: today.isSame(day, 'day'),
          working: false,
        }))
      : HOURS.map((hour) => {
          const at = dayjs(period.start).hour(hour);
          return {
            key: hour,
            head: <span>{hourFormat.format(at.toDate())}</span>,
            label: at.format('LT'),
            current: today.isSame(at, 'hour'),
            working: hour >= CALENDAR_WORK_START_HOUR && hour < CALENDAR_WORK_END_HOUR,
          };
        });
  const columnClass = (c: (typeof columns)[number]) =>
    ['calendar-col', c.working && 'calendar-col-working', c.current && 'calendar-col-current']
      .filter(Boolean)
      .join(' ');
  const scaleStyle = { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` };

  // A day opens scrolled to the working hours.
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = board.current;
    if (!element || timeInterval !== 'day') return;
    const corner = element.querySelector('.calendar-board-corner');
    const firstWorkingHour = element.querySelectorAll('.calendar-board-head .calendar-col')[CALENDAR_WORK_START_HOUR];
    if (!corner || !firstWorkingHour) return;
    element.scrollLeft += firstWorkingHour.getBoundingClientRect().left - corner.getBoundingClientRect().right;
  }, [timeInterval, period]);

  return (
    <div ref={board} className={`calendar-board calendar-board-${timeInterval}`}>
      <div className="calendar-board-head">
        <div className="calendar-board-corner">{t('calendar:instrument')}</div>
        <div className="calendar-scale" style={scaleStyle}>
          {columns.map((c) => (
            <div key={c.key} className={columnClass(c)} title={c.label}>
              {c.head}
            </div>
          ))}
        </div>
      </div>
      {rows.map((row) => (
        <BoardRow
          key={row.equipmentId}
          row={row}
          period={period}
          timeInterval={timeInterval}
          now={now}
          language={language}
          actions={actions}
          onAdd={onAdd}
          dueDates={dueDates}
          instrumentPath={instrumentPath}
          background={
            <div className="calendar-track-cols" style={scaleStyle} aria-hidden>
              {columns.map((c) => (
                <div key={c.key} className={columnClass(c)} />
              ))}
            </div>
          }
        />
      ))}
    </div>
  );
}

/** Height of one lane of blocks in day mode (two lines: time and who or what), px. */
const LANE_HEIGHT = 40;

interface BoardRowProps extends Omit<CalendarBoardProps, 'rows'> {
  row: CalendarInstrument;
  background: React.ReactNode;
}

function BoardRow(props: BoardRowProps) {
  const { row, period, timeInterval, now, language, actions, onAdd, background, dueDates, instrumentPath } = props;
  const { t } = useTranslation();
  const from = period.start.getTime();
  const length = period.end.getTime() - from;
  const items: Item[] = [
    ...row.reservations.map((reservation) => ({
      kind: 'reservation' as const,
      start: Date.parse(reservation.startDate),
      end: Date.parse(reservation.endDate),
      reservation,
    })),
    ...row.serviceEvents.map((event) => ({
      kind: 'service' as const,
      start: Date.parse(event.startDate),
      end: serviceEnd(event),
      event,
    })),
    ...(dueDates ?? [])
      .filter((due) => due.equipmentId === row.equipmentId)
      .map((due) => {
        const day = dayjs(due.dueDate);
        return { kind: 'due' as const, start: day.valueOf(), end: day.add(1, 'day').valueOf(), due };
      })
      .filter((item) => item.start < period.end.getTime() && item.end > period.start.getTime()),
  ];
  const label = instrumentLabel(row);
  const entry = (item: Item, style?: CSSProperties) => {
    if (item.kind === 'due') {
      const overdue = item.end <= dayjs(now).startOf('day').valueOf();
      const values = {
        type: t(`calendar:service_type_${item.due.serviceCallType}`),
        instrument: label,
        date: formatDate(item.due.dueDate),
      };
      return (
        <DueDateBlock
          key={`d${item.due.serviceCallType}-${item.start}`}
          due={item.due}
          overdue={overdue}
          label={t(overdue ? 'dueDates:calendar_overdue_label' : 'dueDates:calendar_due_label', values)}
          to={instrumentPath(row.equipmentId)}
          style={style}
        />
      );
    }
    const time = formatEntryTime(item.start, item.end, language);
    if (item.kind === 'reservation')
      return (
        <ReservationBlock
          key={`r${item.reservation.reservationId}`}
          reservation={item.reservation}
          instrument={label}
          style={style}
          time={time}
          actions={actions}
        />
      );
    const serviceLabel = t('calendar:service_event_label', {
      type: t(`calendar:service_type_${item.event.serviceCallType}`),
      order: item.event.serviceOrderNo,
      instrument: label,
      period: formatPeriod(item.event.startDate, new Date(item.end)),
    });
    return (
      <ServiceBlock
        key={`s${item.event.serviceOrderNo}-${item.start}`}
        event={item.event}
        label={serviceLabel}
        time={time}
        style={style}
      />
    );
  };

  const heading = (
    <div className="calendar-row-label">
      <strong>{row.serial}</strong>
      <span>{instrumentName(row)}</span>
      <span className="calendar-muted">{locationOf(row)}</span>
    </div>
  );
  if (timeInterval === 'week')
    return (
      <div className="calendar-row" role="group" aria-label={label}>
        {heading}
        <WeekTrack days={daysOf(period)} items={items} instrument={label} entry={entry} />
      </div>
    );

  const placed = inLanes(items);
  const lanes = Math.max(1, ...placed.map((p) => p.lane + 1));
  const position = (start: number, end: number, lane: number): CSSProperties => {
    const left = Math.max(start, from) - from;
    const right = Math.min(end, from + length) - from;
    return {
      position: 'absolute',
      left: `${(left / length) * 100}%`,
      width: `${(Math.max(right - left, 0) / length) * 100}%`,
      top: 4 + lane * LANE_HEIGHT,
      height: LANE_HEIGHT - 4,
    };
  };
  const reserved = row.reservations.map((r) => [Date.parse(r.startDate), Date.parse(r.endDate)] as const);

  return (
    <div className="calendar-row" role="group" aria-label={label}>
      {heading}
      <div className="calendar-track" style={{ height: lanes * LANE_HEIGHT + 8 }}>
        {background}
        <AddSlots
          period={period}
          now={now}
          reserved={reserved}
          instrument={label}
          onAdd={(start) => onAdd(row, start)}
        />
        {placed.map(({ item, lane }) => entry(item, position(item.start, item.end, lane)))}
      </div>
    </div>
  );
}

interface AddSlotsProps {
  period: Period;
  now: number;
  /** Reserved periods of the row; slots inside them cannot be booked. */
  reserved: ReadonlyArray<readonly [number, number]>;
  instrument: string;
  onAdd(start: Date): void;
}

/**
 * The plus buttons of the future half-hour slots of a day. One of them is in the tab order; the arrow keys, Home
 * and End move between them (a roving tab stop, so a row costs one Tab, not 48).
 */
function AddSlots({ period, now, reserved, instrument, onAdd }: AddSlotsProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const from = period.start.getTime();
  const length = period.end.getTime() - from;
  const slots: number[] = [];
  for (let start = from; start < from + length; start += SLOT_MS) {
    if (start <= now) continue;
    if (reserved.some(([s, e]) => start < e && start + SLOT_MS > s)) continue;
    slots.push(start);
  }
  const current = Math.min(active, slots.length - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0 };
    moves.End = slots.length - 1;
    const next = moves[e.key];
    if (next === undefined || next < 0 || next >= slots.length) return;
    e.preventDefault();
    setActive(next);
    container.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div ref={container} className="calendar-slots" onKeyDown={onKeyDown}>
      {slots.map((start, index) => (
        <button
          key={start}
          type="button"
          className="calendar-slot"
          tabIndex={index === current ? 0 : -1}
          style={{ left: `${((start - from) / length) * 100}%`, width: `${(SLOT_MS / length) * 100}%` }}
          aria-label={t('calendar:add_at', { instrument, time: formatDateTime(new Date(start)) })}
          onFocus={() => setActive(index)}
          onClick={() => onAdd(new Date(start))}
        >
          <Icon icon="plus" size={12} aria-hidden />
        </button>
      ))}
    </div>
  );
}

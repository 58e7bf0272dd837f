import dayjs from 'dayjs';
import { assign, setup } from 'xstate';
import { CALENDAR_PAGE_SIZE } from '../contract/reservations';

/** Week mode shows seven day columns, day mode 24 hourly columns (spec 3 section 2 "Calendar"). */
export type TimeInterval = 'week' | 'day';

export interface CalendarContext {
  /** A day inside the period shown; the period is its day or its week. */
  anchor: Date;
  timeInterval: TimeInterval;
  /** First day of a week, 0 Sunday to 6 Saturday (the language's calendar). */
  weekStartsOn: number;
  /** Page of the calendar's instrument rows. */
  pageIndex: number;
  /** The search keyword while the search grid replaces the calendar. */
  keyword: string;
  /** Page of the search grid. */
  searchPageIndex: number;
  /** The clock, injected so that TODAY can be tested with a fixed date. */
  now: () => Date;
}

export interface CalendarInput {
  now?: () => Date;
  weekStartsOn?: number;
  timeInterval?: TimeInterval;
  /** The day to show first (from the calendar's link); today without one. */
  anchor?: Date;
  /** The page of instrument rows to show first. */
  pageIndex?: number;
}

export type CalendarEvent =
  | { type: 'PREV' }
  | { type: 'NEXT' }
  | { type: 'TODAY' }
  /** A day picked in the sidebar's date picker. */
  | { type: 'PICK_DATE'; date: Date }
  | { type: 'SET_MODE'; timeInterval: TimeInterval }
  /** Filters, service types, the reservation radio or the view changed: the rows start again at the first page. */
  | { type: 'FILTERS_CHANGED' }
  | { type: 'SEARCH'; keyword: string }
  | { type: 'RESET' }
  | { type: 'PAGE'; pageIndex: number }
  /** A row went away; `remaining` is the list's total count after it. */
  | { type: 'ROW_DELETED'; remaining: number };

/** Days one PREV or NEXT moves (spec 3 section 4 "Calendar navigation"). */
export const STEP_DAYS: Record<TimeInterval, number> = { day: 1, week: 7 };

/** The period shown: [start, end), local midnights. */
export interface Period {
  start: Date;
  end: Date;
}

export function periodOf(context: Pick<CalendarContext, 'anchor' | 'timeInterval' | 'weekStartsOn'>): Period {
  const day = dayjs(context.anchor).startOf('day');
  const start = context.timeInterval === 'day' ? day : day.subtract((day.day() - context.weekStartsOn + 7) % 7, 'day');
  return { start: start.toDate(), end: start.add(STEP_DAYS[context.timeInterval], 'day').toDate() };
}

/** The local midnights of the days of a period. */
export function daysOf(period: Period): Date[] {
  const days: Date[] = [];
  for (let d = dayjs(period.start); d.isBefore(period.end); d = d.add(1, 'day')) days.push(d.toDate());
  return days;
}

/** The page to show after rows went away: the last page that still has rows, never past it. */
export function pageAfterRemoval(pageIndex: number, remaining: number, pageSize = CALENDAR_PAGE_SIZE): number {
  const lastPage = Math.max(0, Math.ceil(remaining / pageSize) - 1);
  return Math.min(pageIndex, lastPage);
}

const moveBy = (context: CalendarContext, direction: 1 | -1) =>
  dayjs(context.anchor)
    .add(direction * STEP_DAYS[context.timeInterval], 'day')
    .toDate();

/**
 * Where the calendar is: the period (anchor day and week or day mode) with previous / next / today and the sidebar's
 * date, the page of instrument rows, and search mode, in which a paged grid of matching reservations replaces the
 * calendar until the search is reset. The screen derives the period with periodOf and fetches its data.
 */
export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  guards: {
    hasKeyword: (_, keyword: string) => keyword.trim() !== '',
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    return {
      anchor: dayjs(input.anchor ?? now())
        .startOf('day')
        .toDate(),
      timeInterval: input.timeInterval ?? 'week',
      weekStartsOn: input.weekStartsOn ?? 0,
      pageIndex: Math.max(0, input.pageIndex ?? 0),
      keyword: '',
      searchPageIndex: 0,
      now,
    };
  },
  on: {
    SET_MODE: { actions: assign({ timeInterval: ({ event }) => event.timeInterval }) },
  },
  initial: 'calendar',
  states: {
    calendar: {
      on: {
        PREV: { actions: assign({ anchor: ({ context }) => moveBy(context, -1) }) },
        NEXT: { actions: assign({ anchor: ({ context }) => moveBy(context, 1) }) },
        TODAY: { actions: assign({ anchor: ({ context }) => dayjs(context.now()).startOf('day').toDate() }) },
        PICK_DATE: { actions: assign({ anchor: ({ event }) => dayjs(event.date).startOf('day').toDate() }) },
        FILTERS_CHANGED: { actions: assign({ pageIndex: 0 }) },
        PAGE: { actions: assign({ pageIndex: ({ event }) => Math.max(0, event.pageIndex) }) },
        ROW_DELETED: {
          actions: assign({ pageIndex: ({ context, event }) => pageAfterRemoval(context.pageIndex, event.remaining) }),
        },
        SEARCH: {
          guard: { type: 'hasKeyword', params: ({ event }) => event.keyword },
          target: 'search',
          actions: assign({ keyword: ({ event }) => event.keyword.trim(), searchPageIndex: 0 }),
        },
      },
    },
    search: {
      on: {
        SEARCH: [
          {
            guard: { type: 'hasKeyword', params: ({ event }) => event.keyword },
            actions: assign({ keyword: ({ event }) => event.keyword.trim(), searchPageIndex: 0 }),
          },
          { target: 'calendar', actions: assign({ keyword: '', searchPageIndex: 0 }) },
        ],
        RESET: { target: 'calendar', actions: assign({ keyword: '', searchPageIndex: 0 }) },
        PAGE: { actions: assign({ searchPageIndex: ({ event }) => Math.max(0, event.pageIndex) }) },
        ROW_DELETED: {
          actions: assign({
            searchPageIndex: ({ context, event }) => pageAfterRemoval(context.searchPageIndex, event.remaining),
          }),
        },
        FILTERS_CHANGED: { actions: assign({ pageIndex: 0 }) },
      },
    },
  },
});

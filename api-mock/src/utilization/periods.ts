import type { EventSummary, UtilizationPeriod } from '../../../contract/equipment';

/*
 * The chart's periods (spec 2 "Utilization"): the last week and the last month by day, 6 and 12 months by calendar
 * month (the current month up to today and the ones before it). A day is a UTC calendar day, YYYY-MM-DD.
 */

export interface DayHours {
  day: string;
  util: number;
  serv: number;
}

interface Period {
  name: string;
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const HOURS_PER_DAY = 24;

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => toDay(msOf(day) + days * DAY_MS);
/** Days from start to end, both included. */
export const daysBetween = (start: string, end: string) => Math.round((msOf(end) - msOf(start)) / DAY_MS) + 1;

function byDay(start: string, end: string): Period[] {
  const periods: Period[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) periods.push({ name: day, start: day, end: day });
  return periods;
}

/** The same day a month earlier, or the month's last day when it has no such day (31 March → 28 February). */
function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfPrevious = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return toDay(Date.UTC(y, m - 2, Math.min(d, lastOfPrevious)));
}

function byMonth(months: number, today: string): Period[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const periods: Period[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const start = toDay(Date.UTC(y, m - 1 - back, 1));
    const last = toDay(Date.UTC(y, m - back, 0));
    periods.push({ name: start.slice(0, 7), start, end: last < today ? last : today });
  }
  return periods;
}

/** The periods of a date range (0: last week, 1, 6 or 12 months) ending today. */
export function periodsOf(range: number, today: string): Period[] {
  if (range === 0) return byDay(addDays(today, -6), today);
  if (range === 1) return byDay(addDays(monthBefore(today), 1), today);
  return byMonth(range, today);
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Hours per period from hours per day: sums, averages per day of the period, and shares of the period's 24-hour
 * days in percent. Days outside the range are ignored; days without a row count as idle.
 */
export function summarise(days: readonly DayHours[], range: number, today: string): EventSummary {
  const periods = periodsOf(range, today);
  const first = periods[0]!.start;
  const eventSummary: UtilizationPeriod[] = periods.map((p) => {
    let util = 0;
    let serv = 0;
    for (const d of days) {
      if (d.day >= p.start && d.day <= p.end) {
        util += d.util;
        serv += d.serv;
      }
    }
    const length = daysBetween(p.start, p.end);
    return {
      durationName: p.name,
      utilSum: round4(util),
      servSum: round4(serv),
      utilAvg: round4(util / length),
      servAvg: round4(serv / length),
      utilPerc: round4((util / (length * HOURS_PER_DAY)) * 100),
      servPerc: round4((serv / (length * HOURS_PER_DAY)) * 100),
      startDate: p.start,
      endDate: p.end,
    };
  });
  return { eventSummary, startDate: first, endDate: today, totalDays: daysBetween(first, today) };
}

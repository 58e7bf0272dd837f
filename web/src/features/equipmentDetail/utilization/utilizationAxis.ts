import type { UTILIZATION_SUMMARY_VIEWS, UtilizationPeriod } from '../../../../../contract/equipment';

/*
 * The numbers of the utilization chart (spec 2 section 9): the bar values of each summary view, the y-axis maximum
 * ("Average tick at least 24; Total uses ceil; Percentage rounds up to multiples of 10 below 100"), the totals to
 * 2 decimals and the period labels. Pure: no React, no i18n instance; the locale is passed in.
 */

export type SummaryView = (typeof UTILIZATION_SUMMARY_VIEWS)[number];

/** The two bars of a period in a summary view: hours (total), hours per day (daily average) or percent of the time. */
export interface BarValues {
  utilization: number;
  service: number;
}

export function barValues(period: UtilizationPeriod, view: SummaryView): BarValues {
  switch (view) {
    case 'dailyAverage':
      return { utilization: period.utilAvg, service: period.servAvg };
    case 'percentage':
      return { utilization: period.utilPerc, service: period.servPerc };
    case 'total':
      return { utilization: period.utilSum, service: period.servSum };
  }
}

/** A day has 24 hours: the daily-average axis always shows the whole day. */
export const DAILY_AVERAGE_AXIS_MIN = 24;
/** Chosen: not in spec. A chart without any hours still gets an axis from 0 to 1 (total) or 0 to 10 (percentage). */
const TOTAL_AXIS_MIN = 1;
const PERCENTAGE_STEP = 10;
const PERCENTAGE_AXIS_MAX = 100;

/** Drops the binary noise of sums (70.00000000000001), so it does not push the axis up a whole step. */
const clean = (value: number) => Math.round(value * 1e6) / 1e6;

/** The largest bar of any period in the view (0 without periods). */
export function largestBar(periods: readonly UtilizationPeriod[], view: SummaryView): number {
  return periods.reduce((max, period) => {
    const { utilization, service } = barValues(period, view);
    return Math.max(max, utilization, service);
  }, 0);
}

/**
 * The y-axis maximum of the view: daily average at least 24 (hours in a day), total the ceiling of the largest bar,
 * percentage the largest bar rounded up to the next multiple of 10, never above 100.
 */
export function axisMax(periods: readonly UtilizationPeriod[], view: SummaryView): number {
  const largest = clean(largestBar(periods, view));
  switch (view) {
    case 'dailyAverage':
      return Math.max(DAILY_AVERAGE_AXIS_MIN, Math.ceil(largest));
    case 'total':
      return Math.max(TOTAL_AXIS_MIN, Math.ceil(largest));
    case 'percentage':
      return Math.min(
        PERCENTAGE_AXIS_MAX,
        Math.max(PERCENTAGE_STEP, Math.ceil(largest / PERCENTAGE_STEP) * PERCENTAGE_STEP),
      );
  }
}

/** A number rounded to 2 decimals (half away from zero on the decimal value, so 1.005 gives 1.01). */
export const round2 = (value: number) => (Math.sign(value) * Math.round(clean(Math.abs(value)) * 100 + 1e-9)) / 100;

export interface UtilizationTotals {
  totalDays: number;
  /** Σ utilSum over the periods, to 2 decimals. */
  utilizationHours: number;
  /** Σ servSum over the periods, to 2 decimals. */
  serviceHours: number;
}

export function utilizationTotals(summary: {
  eventSummary: readonly UtilizationPeriod[];
  totalDays: number;
}): UtilizationTotals {
  const sum = (pick: (p: UtilizationPeriod) => number) => summary.eventSummary.reduce((s, p) => s + pick(p), 0);
  return {
    totalDays: summary.totalDays,
    utilizationHours: round2(sum((p) => p.utilSum)),
    serviceHours: round2(sum((p) => p.servSum)),
  };
}

/** A value with exactly 2 decimals in the user's language ("1,234.50" in English, "1.234,50" in German). */
export const formatTwoDecimals = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(round2(value));

/** Ranges 6 and 12 have one period per calendar month; 0 and 1 one per day. */
export const isMonthlyRange = (range: number) => range === 6 || range === 12;

/** The period's first day as a UTC date, so no time zone moves it to the day before. */
const utcDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/**
 * The name of a period in the user's language: a day ("Mar 5", long "Mar 5, 2026") for the ranges of days, a month
 * ("Mar 2026", long "March 2026") for the ranges of months.
 */
export function periodLabel(
  period: Pick<UtilizationPeriod, 'startDate'>,
  range: number,
  locale: string,
  length: 'short' | 'long' = 'short',
): string {
  const options: Intl.DateTimeFormatOptions = isMonthlyRange(range)
    ? { month: length === 'short' ? 'short' : 'long', year: 'numeric' }
    : length === 'short'
      ? { month: 'short', day: 'numeric' }
      : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcDay(period.startDate));
}

/**
 * The instants bounding a period for the runs of the details modal: from its first day's start to its last day's
 * end, in UTC (the server counts hours per UTC day).
 */
export const periodBounds = (period: Pick<UtilizationPeriod, 'startDate' | 'endDate'>) => ({
  startDate: `${period.startDate}T00:00:00.000Z`,
  endDate: `${period.endDate}T23:59:59.999Z`,
});

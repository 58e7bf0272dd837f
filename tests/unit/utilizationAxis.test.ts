import { describe, expect, it } from 'vitest';
import type { UtilizationEvent, UtilizationPeriod } from '../../contract/equipment';
import {
  axisMax,
  barValues,
  formatTwoDecimals,
  isMonthlyRange,
  periodBounds,
  periodLabel,
  utilizationTotals,
  type SummaryView,
} from '../../web/src/features/equipmentDetail/utilization/utilizationAxis';
import {
  distinctValues,
  filterBody,
  pickedFilter,
  suggestionsOf,
} from '../../web/src/features/equipmentDetail/utilization/utilizationEvents';

/*
 * The utilization chart's numbers (spec 2 section 9: "Average tick at least 24; Total uses ceil; Percentage rounds
 * up to multiples of 10 below 100"; "Totals to 2 decimals"), checked against tables computed by hand.
 */

const FIELD_OF: Record<SummaryView, { util: keyof UtilizationPeriod; serv: keyof UtilizationPeriod }> = {
  total: { util: 'utilSum', serv: 'servSum' },
  dailyAverage: { util: 'utilAvg', serv: 'servAvg' },
  percentage: { util: 'utilPerc', serv: 'servPerc' },
};

const period = (overrides: Partial<UtilizationPeriod> = {}): UtilizationPeriod => ({
  durationName: '2026-03-05',
  utilSum: 0,
  servSum: 0,
  utilAvg: 0,
  servAvg: 0,
  utilPerc: 0,
  servPerc: 0,
  startDate: '2026-03-05',
  endDate: '2026-03-05',
  ...overrides,
});

/** Periods whose bars in the view are the given [utilization, service] pairs (the other views' fields stay 0). */
const periodsOf = (view: SummaryView, bars: Array<[number, number]>) =>
  bars.map(([util, serv]) => period({ [FIELD_OF[view].util]: util, [FIELD_OF[view].serv]: serv }));

describe('the y-axis maximum', () => {
  // view, the bars [utilization, service] of each period, the maximum worked out by hand.
  const table: Array<[SummaryView, Array<[number, number]>, number, string]> = [
    // Daily average: a day has 24 hours, so the axis never stops below 24.
    ['dailyAverage', [], 24, 'no periods'],
    [
      'dailyAverage',
      [
        [0, 0],
        [0, 0],
      ],
      24,
      'all zeros',
    ],
    ['dailyAverage', [[24, 0]], 24, 'exactly 24'],
    ['dailyAverage', [[23.01, 0.99]], 24, '23.01 stays under 24'],
    [
      'dailyAverage',
      [
        [9.5, 0.5],
        [3.25, 1],
      ],
      24,
      '9.5 is well under 24',
    ],
    ['dailyAverage', [[2, 24.2]], 25, 'above 24 (overlapping runs): the ceiling of the largest bar'],
    // Total: the ceiling of the largest bar (utilization or service), at least 1.
    [
      'total',
      [
        [0, 0],
        [0, 0],
      ],
      1,
      'all zeros: an axis from 0 to 1',
    ],
    ['total', [[24, 3]], 24, 'exactly 24 is its own ceiling'],
    ['total', [[23.01, 1]], 24, 'ceil(23.01) = 24'],
    [
      'total',
      [
        [9.5, 2],
        [4, 1],
      ],
      10,
      'ceil(9.5) = 10',
    ],
    ['total', [[0.2, 0]], 1, 'ceil(0.2) = 1'],
    [
      'total',
      [
        [150.25, 12],
        [80, 151.5],
      ],
      152,
      'the service bar is the largest: ceil(151.5) = 152',
    ],
    ['total', [[70.00000000000001, 0]], 70, 'binary noise of a sum does not add a step'],
    // Percentage: up to the next multiple of 10, never above 100, at least 10.
    [
      'percentage',
      [
        [0, 0],
        [0, 0],
      ],
      10,
      'all zeros: an axis from 0 to 10',
    ],
    ['percentage', [[100, 0]], 100, '100 % is the top'],
    ['percentage', [[91, 5]], 100, '91 % rounds up to 100'],
    ['percentage', [[9.5, 0]], 10, '9.5 % rounds up to 10'],
    ['percentage', [[23.01, 0]], 30, '23.01 % rounds up to 30'],
    ['percentage', [[24, 2]], 30, '24 % rounds up to 30'],
    ['percentage', [[40, 12]], 40, 'a multiple of 10 stays'],
    ['percentage', [[40.01, 0]], 50, 'just above a multiple goes to the next'],
    ['percentage', [[0.3, 0]], 10, '0.3 % rounds up to 10'],
    ['percentage', [[30.000000000000004, 0]], 30, 'binary noise of a quotient does not add a step'],
    ['percentage', [[100.4, 0]], 100, 'rounding of the server above 100 stays at 100'],
  ];
  for (const [view, bars, expected, why] of table) {
    it(`${view} ${JSON.stringify(bars)} → ${expected} (${why})`, () => {
      expect(axisMax(periodsOf(view, bars), view)).toBe(expected);
    });
  }

  it('reads only the fields of its view', () => {
    // A month of 31 days with 36.5 h of runs and 8 h of service: avg 36.5/31 = 1.18, 8/31 = 0.26 h a day;
    // 36.5/744 = 4.91 %, 8/744 = 1.08 %.
    const march = period({ utilSum: 36.5, servSum: 8, utilAvg: 1.18, servAvg: 0.26, utilPerc: 4.91, servPerc: 1.08 });
    expect(axisMax([march], 'total')).toBe(37);
    expect(axisMax([march], 'dailyAverage')).toBe(24);
    expect(axisMax([march], 'percentage')).toBe(10);
  });
});

describe('the bars of a view', () => {
  const march = period({ utilSum: 36.5, servSum: 8, utilAvg: 1.18, servAvg: 0.26, utilPerc: 4.91, servPerc: 1.08 });
  const table: Array<[SummaryView, number, number]> = [
    ['total', 36.5, 8],
    ['dailyAverage', 1.18, 0.26],
    ['percentage', 4.91, 1.08],
  ];
  for (const [view, utilization, service] of table) {
    it(`${view}: utilization ${utilization}, service and downtime ${service}`, () => {
      expect(barValues(march, view)).toEqual({ utilization, service });
    });
  }
});

describe('the totals', () => {
  // utilSum of the periods, servSum of the periods, total days; the sums to 2 decimals worked out by hand.
  const table: Array<[number[], number[], number, number, number, string]> = [
    [[], [], 0, 0, 0, 'no periods'],
    [[0, 0, 0], [0, 0, 0], 7, 0, 0, 'all zeros'],
    [[10.126, 20.5, 0.004], [0.1, 0.2, 0], 31, 30.63, 0.3, '10.126 + 20.5 + 0.004 = 30.63; 0.1 + 0.2 = 0.30'],
    [[1234.5, 0.005], [8.333333, 4.666667], 365, 1234.51, 13, '1234.505 rounds half up; 8.333333 + 4.666667 = 13'],
    [[24, 24, 24, 24, 24, 24, 24], [0, 0, 0, 0, 0, 0, 0.004], 7, 168, 0, 'a full week; 0.004 rounds to 0.00'],
    [[9.5], [23.01], 184, 9.5, 23.01, 'one period'],
  ];
  for (const [utilSums, servSums, totalDays, utilizationHours, serviceHours, why] of table) {
    it(`${why}`, () => {
      const eventSummary = utilSums.map((utilSum, i) => period({ utilSum, servSum: servSums[i]! }));
      expect(utilizationTotals({ eventSummary, totalDays })).toEqual({ totalDays, utilizationHours, serviceHours });
    });
  }

  // value, locale, text.
  const formats: Array<[number, string, string]> = [
    [0, 'en-US', '0.00'],
    [0.30000000000000004, 'en-US', '0.30'],
    [30.63, 'en-US', '30.63'],
    [1234.505, 'en-US', '1,234.51'],
    [1234.505, 'de', '1.234,51'],
    [9.5, 'de', '9,50'],
    [23.006, 'fr', '23,01'],
    [168, 'ja', '168.00'],
  ];
  for (const [value, locale, text] of formats) {
    it(`${value} in ${locale} reads ${text}`, () => {
      // French and some others group with a narrow no-break space; compare with plain spaces.
      expect(formatTwoDecimals(value, locale).replace(/\s/g, ' ')).toBe(text);
    });
  }
});

describe('the periods', () => {
  it('ranges 6 and 12 are months, 0 and 1 days', () => {
    expect([0, 1, 6, 12].map(isMonthlyRange)).toEqual([false, false, true, true]);
  });

  // startDate, range, locale, length, label.
  const labels: Array<[string, number, string, 'short' | 'long', string]> = [
    ['2026-03-05', 0, 'en-us', 'short', 'Mar 5'],
    ['2026-03-05', 1, 'en-us', 'long', 'Mar 5, 2026'],
    ['2026-03-05', 0, 'de', 'short', '5. März'],
    ['2026-03-01', 12, 'en-us', 'short', 'Mar 2026'],
    ['2026-03-01', 6, 'en-us', 'long', 'March 2026'],
    ['2026-03-01', 12, 'de', 'long', 'März 2026'],
    ['2026-01-01', 0, 'en-us', 'short', 'Jan 1'],
  ];
  for (const [startDate, range, locale, length, text] of labels) {
    it(`${startDate} in range ${range}, ${locale}, ${length}: ${text}`, () => {
      expect(periodLabel({ startDate }, range, locale, length)).toBe(text);
    });
  }

  it('a period is bounded by the start of its first day and the end of its last day in UTC', () => {
    expect(periodBounds({ startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-03-31T23:59:59.999Z',
    });
  });
});

describe('the filter suggestions of the details modal', () => {
  const event = (overrides: Partial<UtilizationEvent>): UtilizationEvent => ({
    startTime: '2026-03-05T08:00:00Z',
    endTime: '2026-03-05T09:00:00Z',
    hours: 1,
    method: null,
    sampleName: null,
    sampleCount: null,
    injectionCount: null,
    category: null,
    project: null,
    groupId: null,
    user: null,
    ...overrides,
  });

  it('lists each non-blank value once, in alphabetical order', () => {
    const events = [
      event({ method: 'Residual Solvents' }),
      event({ method: 'Assay Omeprazole' }),
      event({ method: 'Residual Solvents' }),
      event({ method: null }),
      event({ method: '  ' }),
    ];
    expect(distinctValues(events, 'method')).toEqual(['Assay Omeprazole', 'Residual Solvents']);
  });

  it('lists up to 100 values when nothing is typed, and those containing the typed text in any case', () => {
    const values = Array.from({ length: 150 }, (_, i) => `Sample ${String(i).padStart(3, '0')}`);
    expect(suggestionsOf(values, '')).toHaveLength(100);
    expect(suggestionsOf(values, '   ')[99]).toBe('Sample 099');
    expect(suggestionsOf(values, 'sample 14')).toEqual(Array.from({ length: 10 }, (_, i) => `Sample 14${i}`));
    expect(suggestionsOf(values, '149')).toEqual(['Sample 149']);
    expect(suggestionsOf(values, 'nothing')).toEqual([]);
  });

  it('turns the picked values into the filter body of agEventFilterList', () => {
    const filters = [pickedFilter('method', ['A', 'B']), pickedFilter('user', []), pickedFilter('project', ['P'])];
    expect(filters[1]).toBeNull();
    expect(filterBody(filters.filter((f) => f !== null))).toEqual({ method: ['A', 'B'], project: ['P'] });
  });
});

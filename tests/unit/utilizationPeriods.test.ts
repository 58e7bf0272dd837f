import { describe, expect, it } from 'vitest';
import { daysBetween, periodsOf, summarise } from '../../api-mock/src/utilization/periods';

describe('utilization periods', () => {
  it('last week: the seven days up to today', () => {
    expect(periodsOf(0, '2026-03-04').map((p) => p.start)).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
  });

  it('last month: the days after the same day a month ago, or after the month’s last day when it has none', () => {
    const march = periodsOf(1, '2026-03-31');
    expect(march[0]!.start).toBe('2026-03-01');
    expect(march).toHaveLength(31);
    const november = periodsOf(1, '2026-11-25');
    expect([november[0]!.start, november.at(-1)!.end, november.length]).toEqual(['2026-10-26', '2026-11-25', 31]);
    expect(periodsOf(1, '2026-03-15')[0]!.start).toBe('2026-02-16');
  });

  it('6 and 12 months: calendar months, the current one up to today', () => {
    expect(periodsOf(6, '2026-03-04').map((p) => [p.name, p.start, p.end])).toEqual([
      ['2025-10', '2025-10-01', '2025-10-31'],
      ['2025-11', '2025-11-01', '2025-11-30'],
      ['2025-12', '2025-12-01', '2025-12-31'],
      ['2026-01', '2026-01-01', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-28'],
      ['2026-03', '2026-03-01', '2026-03-04'],
    ]);
    const year = periodsOf(12, '2024-02-29');
    expect([year.length, year[0]!.start, year.at(-1)!.end]).toEqual([12, '2023-03-01', '2024-02-29']);
  });

  it('counts days with both ends included', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysBetween('2024-02-01', '2024-02-29')).toBe(29);
    expect(daysBetween('2025-10-26', '2025-10-26')).toBe(1);
  });
});

describe('utilization summary arithmetic (hand-computed)', () => {
  // Six months to 4 March 2026. Hours per day:
  //   2026-02-02: run 6, service 0      2026-02-03: run 4.5, service 3      2026-02-28: run 12, service 12
  //   2026-03-01: run 2.5               2026-03-04: service 8               2025-09-30: run 10 (outside the range)
  const days = [
    { day: '2026-02-02', util: 6, serv: 0 },
    { day: '2026-02-03', util: 4.5, serv: 3 },
    { day: '2026-02-28', util: 12, serv: 12 },
    { day: '2026-03-01', util: 2.5, serv: 0 },
    { day: '2026-03-04', util: 0, serv: 8 },
    { day: '2025-09-30', util: 10, serv: 0 },
  ];
  const summary = summarise(days, 6, '2026-03-04');

  it('February: 22.5 h of runs and 15 h of service over 28 days', () => {
    const february = summary.eventSummary[4]!;
    // 22.5 / 28 = 0.803571…; 22.5 / 672 × 100 = 3.348214…; 15 / 28 = 0.535714…; 15 / 672 × 100 = 2.232142…
    expect(february).toEqual({
      durationName: '2026-02',
      utilSum: 22.5,
      servSum: 15,
      utilAvg: 0.8036,
      servAvg: 0.5357,
      utilPerc: 3.3482,
      servPerc: 2.2321,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
  });

  it('March so far: 4 days, 2.5 h of runs and 8 h of service', () => {
    // 2.5 / 4 = 0.625; 2.5 / 96 × 100 = 2.604166…; 8 / 4 = 2; 8 / 96 × 100 = 8.333333…
    expect(summary.eventSummary[5]).toMatchObject({
      utilSum: 2.5,
      servSum: 8,
      utilAvg: 0.625,
      servAvg: 2,
      utilPerc: 2.6042,
      servPerc: 8.3333,
    });
  });

  it('idle months are zero, days outside the range are left out, and the range counts its days', () => {
    expect(summary.eventSummary.slice(0, 4).every((p) => p.utilSum === 0 && p.servSum === 0)).toBe(true);
    expect(summary.eventSummary.reduce((sum, p) => sum + p.utilSum, 0)).toBe(25);
    // 1 October 2025 to 4 March 2026: 31 + 30 + 31 + 31 + 28 + 4
    expect([summary.startDate, summary.endDate, summary.totalDays]).toEqual(['2025-10-01', '2026-03-04', 155]);
  });

  it('a whole day of runs is 24 h a day and 100 percent', () => {
    const week = summarise([{ day: '2026-03-04', util: 24, serv: 0 }], 0, '2026-03-04');
    expect(week.eventSummary.at(-1)).toMatchObject({ utilSum: 24, utilAvg: 24, utilPerc: 100 });
    expect(week.totalDays).toBe(7);
  });
});

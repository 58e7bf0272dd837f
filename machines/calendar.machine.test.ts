import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import {
  calendarMachine,
  daysOf,
  pageAfterRemoval,
  periodOf,
  type CalendarEvent,
  type CalendarInput,
} from './calendar.machine';

let actor: Actor<typeof calendarMachine> | undefined;
afterEach(() => actor?.stop());

/** Wednesday 11 March 2026, 14:30 local time. */
const WEDNESDAY = new Date(2026, 2, 11, 14, 30);
const day = (month: number, date: number) => new Date(2026, month - 1, date);

function start(input: CalendarInput = {}, ...events: CalendarEvent[]) {
  actor = createActor(calendarMachine, { input: { now: () => WEDNESDAY, ...input } }).start();
  for (const event of events) actor.send(event);
  return actor;
}

const period = (a: Actor<typeof calendarMachine>) => periodOf(a.getSnapshot().context);

describe('the period shown', () => {
  it('starts on today, in week mode, on the first page, not searching', () => {
    const a = start();
    const { context } = a.getSnapshot();
    expect(a.getSnapshot().value).toBe('calendar');
    expect(context.anchor).toEqual(day(3, 11));
    expect(context.timeInterval).toBe('week');
    expect(context.pageIndex).toBe(0);
    expect(context.keyword).toBe('');
  });

  it("starts on the day and page of the calendar's link, at the day's start", () => {
    const { context } = start({ anchor: new Date(2026, 4, 20, 9, 15), pageIndex: 2 }).getSnapshot();
    expect(context.anchor).toEqual(day(5, 20));
    expect(context.pageIndex).toBe(2);
  });

  it('is the week around the anchor, from the first day of the week for the language', () => {
    expect(period(start())).toEqual({ start: day(3, 8), end: day(3, 15) });
    expect(period(start({ weekStartsOn: 1 }))).toEqual({ start: day(3, 9), end: day(3, 16) });
    expect(period(start({ weekStartsOn: 4 }))).toEqual({ start: day(3, 5), end: day(3, 12) });
  });

  it('is the anchor day in day mode', () => {
    expect(period(start({ timeInterval: 'day' }))).toEqual({ start: day(3, 11), end: day(3, 12) });
  });

  it('lists the seven days of a week, midnight to midnight', () => {
    const days = daysOf(period(start({ weekStartsOn: 1 })));
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual(day(3, 9));
    expect(days[6]).toEqual(day(3, 15));
  });

  it('keeps whole local days across a change to summer time', () => {
    const days = daysOf({ start: day(3, 22), end: day(4, 5) });
    expect(days).toHaveLength(14);
    expect(days.every((d) => d.getHours() === 0)).toBe(true);
  });
});

describe('navigation', () => {
  it('NEXT and PREV move seven days in week mode', () => {
    const a = start({}, { type: 'NEXT' });
    expect(period(a)).toEqual({ start: day(3, 15), end: day(3, 22) });
    a.send({ type: 'PREV' });
    a.send({ type: 'PREV' });
    expect(period(a)).toEqual({ start: day(3, 1), end: day(3, 8) });
  });

  it('NEXT and PREV move one day in day mode', () => {
    const a = start({ timeInterval: 'day' }, { type: 'NEXT' });
    expect(period(a)).toEqual({ start: day(3, 12), end: day(3, 13) });
    a.send({ type: 'PREV' });
    a.send({ type: 'PREV' });
    expect(period(a)).toEqual({ start: day(3, 10), end: day(3, 11) });
  });

  it('moves across a month and a year end', () => {
    const a = start({ timeInterval: 'day' }, { type: 'PICK_DATE', date: new Date(2026, 11, 31, 9) });
    a.send({ type: 'NEXT' });
    expect(period(a).start).toEqual(new Date(2027, 0, 1));
  });

  it('TODAY comes back to the period holding the current day', () => {
    const a = start({}, { type: 'NEXT' }, { type: 'NEXT' }, { type: 'TODAY' });
    expect(a.getSnapshot().context.anchor).toEqual(day(3, 11));
    expect(period(a)).toEqual({ start: day(3, 8), end: day(3, 15) });
  });

  it('PICK_DATE moves to the week of the picked day, and to that day in day mode', () => {
    const a = start({}, { type: 'PICK_DATE', date: new Date(2026, 3, 23, 17, 45) });
    expect(a.getSnapshot().context.anchor).toEqual(day(4, 23));
    expect(period(a)).toEqual({ start: day(4, 19), end: day(4, 26) });
    a.send({ type: 'SET_MODE', timeInterval: 'day' });
    expect(period(a)).toEqual({ start: day(4, 23), end: day(4, 24) });
  });

  it('SET_MODE keeps the anchor day: week to day shows that day, day to week its week', () => {
    const a = start({}, { type: 'SET_MODE', timeInterval: 'day' });
    expect(a.getSnapshot().context.timeInterval).toBe('day');
    expect(period(a)).toEqual({ start: day(3, 11), end: day(3, 12) });
    a.send({ type: 'NEXT' });
    a.send({ type: 'SET_MODE', timeInterval: 'week' });
    expect(period(a)).toEqual({ start: day(3, 8), end: day(3, 15) });
  });
});

describe('paging of the instrument rows', () => {
  it('PAGE shows another page; a change of filters starts again at the first', () => {
    const a = start({}, { type: 'PAGE', pageIndex: 3 });
    expect(a.getSnapshot().context.pageIndex).toBe(3);
    a.send({ type: 'FILTERS_CHANGED' });
    expect(a.getSnapshot().context.pageIndex).toBe(0);
  });

  it('moving in time keeps the page', () => {
    const a = start({}, { type: 'PAGE', pageIndex: 2 }, { type: 'NEXT' }, { type: 'SET_MODE', timeInterval: 'day' });
    expect(a.getSnapshot().context.pageIndex).toBe(2);
  });

  it('goes back one page when the last row of a page goes away', () => {
    const a = start({}, { type: 'PAGE', pageIndex: 1 }, { type: 'ROW_DELETED', remaining: 20 });
    expect(a.getSnapshot().context.pageIndex).toBe(0);
  });
});

describe('search mode', () => {
  it('SEARCH with a keyword replaces the calendar by the grid, on its first page', () => {
    const a = start({}, { type: 'SEARCH', keyword: '  Berlin ' });
    expect(a.getSnapshot().value).toBe('search');
    expect(a.getSnapshot().context.keyword).toBe('Berlin');
    expect(a.getSnapshot().context.searchPageIndex).toBe(0);
  });

  it('SEARCH with a blank keyword stays on the calendar', () => {
    const a = start({}, { type: 'SEARCH', keyword: '   ' });
    expect(a.getSnapshot().value).toBe('calendar');
  });

  it('a new keyword searches again from the first page; clearing it returns to the calendar', () => {
    const a = start({}, { type: 'SEARCH', keyword: 'Berlin' }, { type: 'PAGE', pageIndex: 2 });
    expect(a.getSnapshot().context.searchPageIndex).toBe(2);
    a.send({ type: 'SEARCH', keyword: 'Paris' });
    expect(a.getSnapshot().context).toMatchObject({ keyword: 'Paris', searchPageIndex: 0 });
    a.send({ type: 'SEARCH', keyword: '' });
    expect(a.getSnapshot().value).toBe('calendar');
    expect(a.getSnapshot().context.keyword).toBe('');
  });

  it('RESET returns to the calendar where it was, period and page', () => {
    const a = start({}, { type: 'NEXT' }, { type: 'PAGE', pageIndex: 1 }, { type: 'SEARCH', keyword: 'x' });
    a.send({ type: 'PAGE', pageIndex: 4 });
    a.send({ type: 'RESET' });
    const { context } = a.getSnapshot();
    expect(a.getSnapshot().value).toBe('calendar');
    expect(context).toMatchObject({ keyword: '', pageIndex: 1, searchPageIndex: 0 });
    expect(period(a)).toEqual({ start: day(3, 15), end: day(3, 22) });
  });

  it('the period cannot move while searching, and RESET means nothing on the calendar', () => {
    const a = start({}, { type: 'SEARCH', keyword: 'x' });
    const snapshot = a.getSnapshot();
    for (const type of ['PREV', 'NEXT', 'TODAY'] as const) expect(snapshot.can({ type })).toBe(false);
    expect(snapshot.can({ type: 'PICK_DATE', date: day(5, 1) })).toBe(false);
    a.send({ type: 'RESET' });
    expect(a.getSnapshot().can({ type: 'RESET' })).toBe(false);
  });

  it('deleting the last row of a grid page goes back one page; other deletions keep the page', () => {
    const a = start({}, { type: 'SEARCH', keyword: 'x' }, { type: 'PAGE', pageIndex: 2 });
    a.send({ type: 'ROW_DELETED', remaining: 42 });
    expect(a.getSnapshot().context.searchPageIndex).toBe(2);
    a.send({ type: 'ROW_DELETED', remaining: 40 });
    expect(a.getSnapshot().context.searchPageIndex).toBe(1);
    a.send({ type: 'ROW_DELETED', remaining: 0 });
    expect(a.getSnapshot().context.searchPageIndex).toBe(0);
  });

  it('the mode can change while searching and shows when the search is reset', () => {
    const a = start({}, { type: 'SEARCH', keyword: 'x' }, { type: 'SET_MODE', timeInterval: 'day' }, { type: 'RESET' });
    expect(a.getSnapshot().context.timeInterval).toBe('day');
  });
});

describe('pageAfterRemoval', () => {
  it('keeps the page while it still has rows, and never goes below the first', () => {
    expect(pageAfterRemoval(0, 0)).toBe(0);
    expect(pageAfterRemoval(1, 21)).toBe(1);
    expect(pageAfterRemoval(1, 20)).toBe(0);
    expect(pageAfterRemoval(3, 15, 5)).toBe(2);
  });
});

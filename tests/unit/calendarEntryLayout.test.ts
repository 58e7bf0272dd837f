import { describe, expect, it } from 'vitest';
import { inLanes, layoutDayCell } from '../../web/src/features/calendar/entryLayout';

const H = 3_600_000;
const entry = (name: string, startHour: number, endHour: number) => ({ name, start: startHour * H, end: endHour * H });
const names = (columns: { name: string }[][]) => columns.map((column) => column.map((e) => e.name));

describe('calendar entry layout', () => {
  it('puts overlapping entries in separate lanes and reuses a lane once it is free', () => {
    const placed = inLanes([entry('b', 9, 11), entry('a', 8, 10), entry('c', 10, 12)]);
    expect(placed.map((p) => [p.item.name, p.lane])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
  });

  it('groups overlapping entries of a day in side-by-side columns, apart from those that do not overlap', () => {
    const cell = layoutDayCell([entry('a', 8, 10), entry('b', 9, 11), entry('c', 13, 14)], 2, 5);
    expect(cell.groups.map(names)).toEqual([[['a'], ['b']], [['c']]]);
    expect(cell.hidden).toEqual([]);
  });

  it('hides what does not fit: columns beyond the limit and entries beyond the count, in time order', () => {
    const day = [entry('a', 8, 10), entry('b', 9, 11), entry('c', 9.5, 12), entry('d', 13, 14), entry('e', 15, 16)];
    const cell = layoutDayCell(day, 2, 3);
    expect(cell.groups.map(names)).toEqual([[['a'], ['b']], [['d']]]);
    expect(cell.hidden.map((e) => e.name)).toEqual(['c', 'e']);
  });
});

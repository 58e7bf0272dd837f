import type { CalendarDueDate } from '../../../../contract/dueDates';
import type { CalendarServiceEvent, Reservation } from '../../../../contract/reservations';

/** Something on the calendar with a start and an end (ms). */
export interface Timed {
  start: number;
  end: number;
}

/** Entries in overlapping lanes: each entry goes into the first lane that is free at its start. */
export function inLanes<T extends Timed>(items: readonly T[]): { item: T; lane: number }[] {
  const laneEnds: number[] = [];
  return [...items]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((item) => {
      let lane = laneEnds.findIndex((end) => end <= item.start);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = item.end;
      return { item, lane };
    });
}

/** One day cell of the week: groups of overlapping entries, each group in side-by-side columns, and what is left. */
export interface DayCell<T> {
  /** In time order; a group's columns hold its entries that do not overlap each other, top to bottom. */
  groups: T[][][];
  /** The entries the cell has no room for, in time order ("+N more"). */
  hidden: T[];
}

/**
 * Lays out a day's entries: entries that overlap form a group whose lanes are drawn as columns side by side. At most
 * `maxColumns` columns and `maxShown` entries show; the rest are hidden.
 */
export function layoutDayCell<T extends Timed>(items: readonly T[], maxColumns: number, maxShown: number): DayCell<T> {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const overlapping: T[][] = [];
  let groupEnd = -Infinity;
  for (const item of sorted) {
    if (item.start < groupEnd) overlapping[overlapping.length - 1]!.push(item);
    else overlapping.push([item]);
    groupEnd = Math.max(groupEnd, item.end);
  }
  const groups: T[][][] = [];
  const hidden: T[] = [];
  let shown = 0;
  for (const group of overlapping) {
    const columns: T[][] = [];
    for (const { item, lane } of inLanes(group)) {
      if (lane >= maxColumns || shown >= maxShown) {
        hidden.push(item);
        continue;
      }
      (columns[lane] ??= []).push(item);
      shown++;
    }
    if (columns.length > 0) groups.push(columns);
  }
  return { groups, hidden: hidden.sort((a, b) => a.start - b.start || a.end - b.end) };
}

/** A reservation, service visit or due date of a calendar row, with its times in ms (a due date: its whole day). */
export type Item =
  | { kind: 'reservation'; start: number; end: number; reservation: Reservation }
  | { kind: 'service'; start: number; end: number; event: CalendarServiceEvent }
  | { kind: 'due'; start: number; end: number; due: CalendarDueDate };

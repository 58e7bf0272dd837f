import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { FilterOperator, type FilterSetting } from '../../contract/listQuery';
import {
  describeFilter,
  exportLayoutOf,
  movedColumns,
  reorderedColumns,
  valueAt,
  visibleColumns,
  withFilter,
  type ListFields,
  type ListLayout,
} from '../../web/src/components/list/listLayout';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;
const fields: ListFields = {
  columns: ['a', 'b', 'c', 'd'],
  kindOf: (field) => (field === 'done' ? 'boolean' : field === 'at' ? 'dateTime' : 'text'),
  label: (_t, field) => field.toUpperCase(),
};
const layout = (overrides: Partial<ListLayout> = {}): ListLayout => ({
  filter: [],
  sort: [],
  columnShowKeys: ['a', 'c'],
  columnOrderKeys: ['c', 'b', 'a', 'd'],
  ...overrides,
});

describe('list layout', () => {
  it('shows the chosen columns in the saved order, drops names the registry does not know, appends unordered ones', () => {
    expect(visibleColumns(layout(), fields.columns)).toEqual(['c', 'a']);
    expect(
      visibleColumns(layout({ columnShowKeys: ['a', 'gone', 'd'], columnOrderKeys: ['a'] }), fields.columns),
    ).toEqual(['a', 'd']);
  });

  it('reads a dotted field as a path into the row, and a missing step as no value', () => {
    const row = { serial: 'AG1', location: { city: 'Basel' }, site: null };
    expect(valueAt(row, 'serial')).toBe('AG1');
    expect(valueAt(row, 'location.city')).toBe('Basel');
    expect(valueAt(row, 'site.city')).toBeUndefined();
    expect(valueAt(row, 'room.floor')).toBeUndefined();
  });

  it('keeps the hidden columns after the visible ones when the grid reorders', () => {
    expect(reorderedColumns(layout(), ['a', 'c'])).toEqual(['a', 'c', 'b', 'd']);
  });

  it('moves dragged columns among the movable ones only', () => {
    // Grid index 0 is a fixed column; the movable ones start at 1.
    expect(movedColumns(['a', 'b', 'c'], { oldIndex: 1, newIndex: 3, length: 1 }, 1)).toEqual(['b', 'c', 'a']);
    expect(movedColumns(['a', 'b', 'c'], { oldIndex: 3, newIndex: 1, length: 1 }, 1)).toEqual(['c', 'a', 'b']);
    expect(movedColumns(['a', 'b', 'c'], { oldIndex: 0, newIndex: 2, length: 1 }, 1)).toBeNull();
    expect(movedColumns(['a', 'b', 'c'], { oldIndex: 2, newIndex: 0, length: 1 }, 1)).toBeNull();
    expect(movedColumns(['a', 'b', 'c'], { oldIndex: 3, newIndex: 1, length: 2 }, 1)).toBeNull();
  });

  it('replaces or removes the filter of one field and keeps the others', () => {
    const a: FilterSetting = { field: 'a', operator: FilterOperator.In, value: ['x'] };
    const b: FilterSetting = { field: 'b', operator: FilterOperator.Blank, value: [] };
    const a2: FilterSetting = { field: 'a', operator: FilterOperator.In, value: ['y'] };
    expect(withFilter([a, b], 'a', a2)).toEqual([b, a2]);
    expect(withFilter([a, b], 'a', null)).toEqual([b]);
  });

  it('describes a filter as its chip shows it', () => {
    expect(
      describeFilter(t, fields, { field: 'a', operator: FilterOperator.In, value: ['x', 'y'], includingNull: true }),
    ).toBe('x, y, [list_filter_blank]');
    expect(describeFilter(t, fields, { field: 'done', operator: FilterOperator.In, value: ['true'] })).toBe(
      '[list_bool_true]',
    );
    expect(describeFilter(t, fields, { field: 'a', operator: FilterOperator.NotBlank, value: [] })).toBe(
      '[list_filter_not_blank]',
    );
    // A date-time range reads as the days the user picked, not the end-of-day instant sent.
    expect(
      describeFilter(t, fields, {
        field: 'at',
        operator: FilterOperator.Between,
        value: ['2024-05-01', '2024-05-31T23:59:59.999'],
      }),
    ).toBe('2024-05-01 – 2024-05-31');
  });

  it('sends an export the columns in the grid order with their headers', () => {
    expect(exportLayoutOf(t, fields, ['c', 'a'])).toEqual({
      columnOrderKeys: ['c', 'a'],
      columnShowKeys: ['c', 'a'],
      columnHeaders: { c: 'C', a: 'A' },
    });
  });
});

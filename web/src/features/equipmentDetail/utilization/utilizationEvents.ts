import { UTILIZATION_FILTER_SUGGESTIONS, type UtilizationEvent } from '../../../../../contract/equipment';
import { FilterOperator, type FilterSetting } from '../../../../../contract/listQuery';

/*
 * The columns of the utilization details modal (spec 2 section 3 "Detail rows") and its filter suggestions. Pure.
 */

export const EVENT_COLUMNS = [
  'startTime',
  'endTime',
  'hours',
  'method',
  'sampleName',
  'sampleCount',
  'injectionCount',
  'category',
  'project',
  'groupId',
  'user',
] as const satisfies readonly (keyof UtilizationEvent)[];
export type EventColumn = (typeof EVENT_COLUMNS)[number];

/** The text columns a user filters by picking values; the others are sorted only. */
export const FILTERABLE_COLUMNS = [
  'method',
  'sampleName',
  'category',
  'project',
  'groupId',
  'user',
] as const satisfies readonly EventColumn[];
export type FilterableColumn = (typeof FILTERABLE_COLUMNS)[number];

export const isFilterable = (column: string): column is FilterableColumn =>
  (FILTERABLE_COLUMNS as readonly string[]).includes(column);

/** The distinct non-blank values of a column among the period's events, in alphabetical order. */
export function distinctValues(events: readonly UtilizationEvent[], column: FilterableColumn): string[] {
  const values = new Set<string>();
  for (const event of events) {
    const value = event[column]?.trim();
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}

/**
 * The values the autocomplete lists: those containing the typed text (any case), at most 100 (spec 2 section 9:
 * "Detail filter autocomplete lists up to 100 unique items when empty").
 */
export function suggestionsOf(values: readonly string[], typed: string, limit = UTILIZATION_FILTER_SUGGESTIONS) {
  const needle = typed.trim().toLocaleLowerCase();
  const matching = needle ? values.filter((v) => v.toLocaleLowerCase().includes(needle)) : values;
  return matching.slice(0, limit);
}

/** The picked values of a column as a list filter (so the shared filter chips can show it). */
export const pickedFilter = (field: FilterableColumn, values: string[]): FilterSetting | null =>
  values.length === 0 ? null : { field, operator: FilterOperator.In, value: values };

/** The filters as agEventFilterList takes them: field to the values picked for it. */
export const filterBody = (filters: readonly FilterSetting[]): Record<string, string[]> =>
  Object.fromEntries(filters.filter((f) => f.value.length > 0).map((f) => [f.field, f.value]));

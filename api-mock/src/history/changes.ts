import { HISTORY_VALUE_MAX, type HistoryChange, type HistoryValue } from '../../../contract/history';

/** A stored value as the history shows it: dates as ISO text, lists joined, long text cut, nothing undefined. */
export function historyValue(value: unknown): HistoryValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return historyValue(value.map((v) => (v instanceof Date ? v.toISOString() : v)).join(', '));
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > HISTORY_VALUE_MAX ? text.slice(0, HISTORY_VALUE_MAX) : text;
}

const same = (a: HistoryValue, b: HistoryValue) => a === b || ((a === null || a === '') && (b === null || b === ''));

/**
 * The fields whose value differs between two versions of a record, each with its old and new value; a record that
 * does not exist (before a creation, after a deletion) is null. `read(record, field)` reads one field's value.
 */
export function changesOf<R>(
  fields: readonly string[],
  before: R | null,
  after: R | null,
  read: (record: R, field: string) => unknown,
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const old = before === null ? null : historyValue(read(before, field));
    const now = after === null ? null : historyValue(read(after, field));
    if (!same(old, now)) changes.push({ field, old, new: now });
  }
  return changes;
}

/** Read a plain object's own property (a field name from a registry never reaches the prototype). */
export const own = (record: Readonly<Record<string, unknown>>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;

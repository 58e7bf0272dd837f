import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { FilterOperator, OrderType, type FilterSetting, type OrderSetting } from '../../../contract/listQuery';
import { HttpProblem } from './problem';

export type FieldType = 'text' | 'number' | 'date' | 'boolean';

/** A field a list may filter and sort by: the SQL column is ours, never taken from the request. */
export interface ListField {
  column: string;
  type: FieldType;
}

/** The whitelist of one list: API field name -> column. */
export type ListFields = Readonly<Record<string, ListField>>;

/** A list's whitelist from its contract's field kinds and this server's column of each field. */
export const listFieldsOf = <F extends string>(
  kinds: Readonly<Record<F, FieldType>>,
  columns: Readonly<Record<F, string>>,
) =>
  Object.fromEntries(
    (Object.keys(kinds) as F[]).map((name) => [name, { column: columns[name], type: kinds[name] }]),
  ) as ListFields;

export class BadListQuery extends HttpProblem {
  constructor(message: string) {
    super(400, message);
  }
}

/** A field of a list's whitelist by its API name; 400 for any other name. */
export const fieldOf = (fields: ListFields, name: string): ListField => {
  const field = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A request value as a typed SQL parameter; a value that does not fit the field's type is refused. */
function typed(field: ListField, value: string): RawBuilder<unknown> {
  switch (field.type) {
    case 'number': {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n))
        throw new BadListQuery(`${JSON.stringify(value)} is not a number`);
      return sql`${n}::numeric`;
    }
    case 'date':
      if (!DATE.test(value)) throw new BadListQuery(`${JSON.stringify(value)} is not a date`);
      return sql`${value}::timestamptz`;
    case 'boolean':
      if (value !== 'true' && value !== 'false')
        throw new BadListQuery(`${JSON.stringify(value)} is not true or false`);
      return sql`${value === 'true'}`;
    case 'text':
      return sql`${value}`;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterExpression(fields: ListFields, filter: FilterSetting): RawBuilder<SqlBool> {
  const field = fieldOf(fields, filter.field);
  const col = sql.ref(field.column);
  const isBlank =
    field.type === 'text' ? sql<SqlBool>`(${col} is null or ${col} = '')` : sql<SqlBool>`(${col} is null)`;
  const values = filter.value;
  const first = () => {
    if (values[0] === undefined) throw new BadListQuery(`Filter on ${filter.field} needs a value`);
    return typed(field, values[0]);
  };
  let condition: RawBuilder<SqlBool> | null;
  switch (filter.operator) {
    case FilterOperator.Blank:
      return isBlank;
    case FilterOperator.NotBlank:
      return sql<SqlBool>`not ${isBlank}`;
    case FilterOperator.Equals:
    case FilterOperator.In:
      condition =
        values.length === 0 ? null : sql<SqlBool>`${col} in (${sql.join(values.map((v) => typed(field, v)))})`;
      break;
    case FilterOperator.Contains:
      condition =
        values.length === 0
          ? null
          : sql<SqlBool>`(${sql.join(
              values.map((v) => sql`${col}::text ilike ${`%${escapeLike(v)}%`} escape '\\'`),
              sql` or `,
            )})`;
      break;
    case FilterOperator.Between: {
      if (values.length !== 2) throw new BadListQuery(`Between on ${filter.field} needs two values`);
      condition = sql<SqlBool>`${col} between ${typed(field, values[0]!)} and ${typed(field, values[1]!)}`;
      break;
    }
    case FilterOperator.From:
      condition = sql<SqlBool>`${col} >= ${first()}`;
      break;
    case FilterOperator.To:
      condition = sql<SqlBool>`${col} <= ${first()}`;
      break;
  }
  if (filter.includingNull) return condition ? sql<SqlBool>`(${condition} or ${isBlank})` : isBlank;
  return condition ?? sql<SqlBool>`true`;
}

/** Every filter of a list query as one SQL condition (filters combine with AND). */
export function filtersWhere(fields: ListFields, filters: readonly FilterSetting[]): RawBuilder<SqlBool> {
  if (filters.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    filters.map((f) => filterExpression(fields, f)),
    sql` and `,
  )})`;
}

/**
 * The tie-breaker runs the way the last sorted column does, so that a page sorted by a column with an index on
 * (column, tie-breaker) is read along it in either direction.
 */
function tieBreakerOrder(orders: readonly OrderSetting[], tieBreaker: string): RawBuilder<unknown> {
  return orders.at(-1)?.orderType === OrderType.Descending
    ? sql`${sql.ref(tieBreaker)} desc`
    : sql`${sql.ref(tieBreaker)} asc`;
}

/** ORDER BY of a list query, then the tie-breaker column so paging is stable. */
export function orderBy(fields: ListFields, orders: readonly OrderSetting[], tieBreaker: string): RawBuilder<unknown> {
  const parts = orders.map((o) => {
    const field = fieldOf(fields, o.field);
    return o.orderType === OrderType.Descending
      ? sql`${sql.ref(field.column)} desc nulls last`
      : sql`${sql.ref(field.column)} asc nulls first`;
  });
  parts.push(tieBreakerOrder(orders, tieBreaker));
  return sql.join(parts);
}

/**
 * The sort of a list split for a derived table: `keys` selects each sorted column inside it as s0, s1, …, and
 * `order` orders by those outside it, with the tie-breaker (which the derived table must select under its name).
 */
export function orderKeys(fields: ListFields, orders: readonly OrderSetting[], tieBreaker: string) {
  const keys = orders.map((o, i) => sql.ref(fieldOf(fields, o.field).column).as(`s${i}`));
  const parts = orders.map((o, i) =>
    o.orderType === OrderType.Descending
      ? sql`${sql.ref(`s${i}`)} desc nulls last`
      : sql`${sql.ref(`s${i}`)} asc nulls first`,
  );
  parts.push(tieBreakerOrder(orders, tieBreaker));
  return { keys, order: sql.join(parts) };
}

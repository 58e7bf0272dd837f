import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { EQUIPMENT_FIELDS } from '../equipment/fields';
import type { ListFields } from '../lib/listQuerySql';
import { WORK_ORDER_FIELDS } from '../serviceCalls/fields';

/**
 * What the search index holds of a row of a searched table (issue 36): its words as the database made them (the
 * lexemes of its `search` vector, one token each, so a word of letters and digits matches there what `'word':*`
 * matches in the database), its scope (the customer and what decides the tab), and the grid's text and yes/no
 * columns as attributes to sort by, with a 64-bit key of each text value to filter by.
 *
 * Searchd reads a match's attributes row by row, and a text attribute's value from a pool apart from the row: the
 * row's first lines and whole numbers are what a broad word's hundreds of thousands of matches can afford to read. So
 * the scope and the keys come first; text is read only to sort the matches that pass the filters; a null is the empty
 * text (a value is kept behind a mark, so it sorts after the null, as the database sorts nulls) and a yes/no is 0 for
 * null, 1 for no and 2 for yes.
 */

/** An attribute of the index: the grid field, the table's column (the attribute's name), and its kind. */
export interface IndexedField {
  field: string;
  column: string;
  type: 'text' | 'boolean';
}

/** A scope column as the index holds it: a whole number, a yes/no, or a set of whole numbers. */
interface ScopeAttribute {
  column: string;
  kind: 'uint' | 'bool' | 'multi';
}

/** An index of a table, with the queue its table's triggers fill (migrations 059 and 060). */
export interface SearchedTable {
  /** The distributed index a list asks; its shards are `<index>_<n>`. */
  index: string;
  table: 'equipment' | 'service_calls';
  queue: 'search_queue' | 'search_queue_work_orders';
  /** The queue's column naming the row. */
  queueId: 'equipment_id' | 'service_call_id';
  scope: readonly ScopeAttribute[];
  /**
   * How a text value is keyed for filters: by its 64-bit hash (`valueKey`), or by its 32-bit number (`numbered`,
   * migration 061) in a narrow index, whose row it keeps short.
   */
  keys: 'hashed' | 'numbered';
  fields: readonly IndexedField[];
  byField: ReadonlyMap<string, IndexedField>;
}

/** The grid's fields on the table itself that are text or yes/no; the rest are answered by the database. */
function searchedTable(definition: Omit<SearchedTable, 'fields' | 'byField'>, gridFields: ListFields): SearchedTable {
  const prefix = `${definition.table}.`;
  const fields = Object.entries(gridFields).flatMap(([field, f]): IndexedField[] =>
    f.column.startsWith(prefix) && (f.type === 'text' || f.type === 'boolean')
      ? [{ field, column: f.column.slice(prefix.length), type: f.type }]
      : [],
  );
  return { ...definition, fields, byField: new Map(fields.map((f) => [f.field, f])) };
}

const EQUIPMENT_TABLE = {
  table: 'equipment',
  queue: 'search_queue',
  queueId: 'equipment_id',
  scope: [
    { column: 'customer_id', kind: 'uint' },
    { column: 'is_hidden', kind: 'bool' },
    { column: 'follower_ids', kind: 'multi' },
  ],
} as const;

export const EQUIPMENT_SEARCH = searchedTable(
  { ...EQUIPMENT_TABLE, index: 'equipment', keys: 'hashed' },
  EQUIPMENT_FIELDS,
);

/**
 * The fields of the narrow equipment index: the text and yes/no columns the grid shows at first (a unit test keeps
 * them in step with the web's layout), the serial pinned beside them, and the asset ID.
 */
export const NARROW_EQUIPMENT_FIELDS = [
  'mfg',
  'model',
  'dtype',
  'serial',
  'systemNickName',
  'pkiTag',
  'assetId',
  'building',
  'room',
  'department',
  'contactName',
  'status',
] as const;

/**
 * The same instruments with only the narrow fields, each text keyed by its 32-bit number and held as its 32-bit rank
 * (valueRanks), no text at all. Searchd looks each match of a word up in the index's rows, and the time grows with a
 * row's width: at 1,000,000 instruments, the bench's page of a word matching a third took 49 ms (p50) on the wide
 * index and 30 ms on this one with text; sorting by a rank instead of reading each match's text saves a third of the
 * rest. A list asks this index when it filters and sorts by its fields only.
 */
export const EQUIPMENT_NARROW_SEARCH = searchedTable(
  { ...EQUIPMENT_TABLE, index: 'equipment_narrow', keys: 'numbered' },
  Object.fromEntries(NARROW_EQUIPMENT_FIELDS.map((field) => [field, EQUIPMENT_FIELDS[field]!])),
);

export const WORK_ORDER_SEARCH = searchedTable(
  {
    index: 'work_orders',
    keys: 'hashed',
    table: 'service_calls',
    queue: 'search_queue_work_orders',
    queueId: 'service_call_id',
    scope: [
      { column: 'customer_id', kind: 'uint' },
      { column: 'is_history', kind: 'bool' },
    ],
  },
  WORK_ORDER_FIELDS,
);

export const SEARCHED_TABLES: readonly SearchedTable[] = [EQUIPMENT_SEARCH, EQUIPMENT_NARROW_SEARCH, WORK_ORDER_SEARCH];

/**
 * The indexes each queue fills, the widest first: a row read for it holds every column the others take. One drain
 * of the queue writes a change to all of them, so they never disagree once it is gone from the queue.
 */
export const QUEUED_INDEXES: readonly (readonly SearchedTable[])[] = [
  ...new Set(SEARCHED_TABLES.map((index) => index.queue)),
].map((queue) =>
  SEARCHED_TABLES.filter((index) => index.queue === queue).sort((a, b) => b.fields.length - a.fields.length),
);

const textFields = (table: SearchedTable) => table.fields.filter((f) => f.type === 'text');

/** The attribute holding the key of a text column's value (`valueKey`, or its number), 0 for null. */
export const keyOf = (column: string) => `${column}__key`;
/** The attribute an index with numbered keys holds a text column's value as: its rank (valueRanks), 0 for null. */
export const rankOf = (column: string) => `${column}__rank`;
/** The attribute a field is sorted by: the text itself, or its rank in an index with numbered keys. */
export const sortAttribute = (table: SearchedTable, field: IndexedField) =>
  field.type === 'text' && table.keys === 'numbered' ? rankOf(field.column) : field.column;

/**
 * The key a text value is filtered by: the first 64 bits of its MD5, as the database's `md5` computes it when it
 * writes a document (`keySql`) and as the server does for a filter's values. Two values sharing a key is a chance of
 * one in 2^64 per pair.
 */
export const valueKey = (value: string) => createHash('md5').update(value, 'utf8').digest().readBigInt64BE(0);
export const keySql = (text: RawBuilder<unknown>) =>
  sql<string>`(('x' || substr(md5(${text}), 1, 16))::bit(64)::bigint)::text`;

/** A stored text value's mark: the null is '', the value '' is this mark alone. */
export const TEXT_MARK = '=';
/** A yes/no as stored. */
export const storedBoolean = (value: boolean | null | undefined) => (value === true ? 2 : value === false ? 1 : 0);

/** Shards searched side by side, one per core of a 2-core server: a broad word's matches are scanned in half the time. */
export const SHARDS = 2;
export const shardsOf = (table: SearchedTable) => Array.from({ length: SHARDS }, (_, n) => `${table.index}_${n}`);
export const shardOf = (table: SearchedTable, id: number) => `${table.index}_${id % SHARDS}`;

/**
 * Every character but spaces and controls belongs to a word, so each lexeme stays one token (Sphinx 2.2 maps
 * characters up to U+2FFFF).
 */
const CHARSET = 'U+21..U+40, A..Z->a..z, U+5B..U+2FFFF';

const SCOPE_DIRECTIVE = { uint: 'rt_attr_uint', bool: 'rt_attr_bool', multi: 'rt_attr_multi' } as const;
const KEY_DIRECTIVE = { hashed: 'rt_attr_bigint', numbered: 'rt_attr_uint' } as const;

/** The searchd configuration for the index: real-time shards kept in `dataDir`, served on `listen` (host:port). */
export function searchdConfig(dataDir: string, listen: string): string {
  const indexes = SEARCHED_TABLES.map((table) => {
    const attributes = [
      ...table.scope.map((s) => `  ${SCOPE_DIRECTIVE[s.kind]} = ${s.column}`),
      ...textFields(table).map((f) => `  ${KEY_DIRECTIVE[table.keys]} = ${keyOf(f.column)}`),
      ...table.fields.map((f) =>
        f.type === 'text' && table.keys === 'hashed'
          ? `  rt_attr_string = ${f.column}`
          : `  rt_attr_uint = ${sortAttribute(table, f)}`,
      ),
    ];
    const shards = shardsOf(table).map(
      (name) => `index ${name}
{
  type = rt
  path = ${path.join(dataDir, name)}
  rt_field = words
${attributes.join('\n')}
  rt_mem_limit = 256M
  dict = keywords
  min_prefix_len = 1
  charset_table = ${CHARSET}
}
`,
    );
    return `${shards.join('\n')}
index ${table.index}
{
  type = distributed
${shardsOf(table)
  .map((s) => `  local = ${s}`)
  .join('\n')}
}
`;
  });
  return `${indexes.join('\n')}
searchd
{
  listen = ${listen}:mysql41
  log = ${path.join(dataDir, 'searchd.log')}
  pid_file = ${path.join(dataDir, 'searchd.pid')}
  binlog_path = ${dataDir}
  collation_server = binary
  workers = threads
  dist_threads = ${SHARDS}
  rt_flush_period = 600
}
`;
}

export type DocumentRow = Record<string, string | number | boolean | number[] | null>;

/** The rows with these ids as the index holds them (an id that is gone is absent). */
export async function documents(
  db: Kysely<Database>,
  table: SearchedTable,
  ids: readonly number[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const column = (name: string) => sql.ref(`${table.table}.${name}`);
  const { rows } = await sql<DocumentRow>`
    select id, ${sql.join(table.scope.map((s) => column(s.column)))},
      array_to_string(tsvector_to_array(search), ' ') as words,
      ${sql.join(table.fields.map((f) => column(f.column)))},
      ${sql.join(textFields(table).map((f) => sql`${keySql(column(f.column))} as ${sql.ref(keyOf(f.column))}`))}
    from ${sql.table(table.table)} where id in (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The columns of a REPLACE into a shard, in the order `documentTuple` writes them. */
export const documentColumns = (table: SearchedTable) => [
  'id',
  'words',
  ...table.scope.map((s) => s.column),
  ...textFields(table).map((f) => keyOf(f.column)),
  ...table.fields.map((f) => sortAttribute(table, f)),
];

/**
 * A SphinxQL string literal. Sphinx drops the backslash before any character, so only the backslash and the quote
 * are escaped; other characters (a newline in a comment) are kept as they are.
 */
export const sphinxString = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** A whole number for SphinxQL, written by us: never text from a row or a request. */
const whole = (value: unknown) => {
  const n = Math.trunc(Number(value));
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${String(value).slice(0, 20)}`);
  return String(n);
};
/** A 64-bit key for SphinxQL (the database writes it as text). */
const key = (value: unknown) => {
  if (value === null || value === undefined) return '0';
  const text = String(value);
  if (!/^-?\d{1,20}$/.test(text)) throw new Error(`not a key: ${text.slice(0, 24)}`);
  return text;
};

/** One document's values for a REPLACE, in `documentColumns`' order. */
export function documentTuple(table: SearchedTable, row: DocumentRow): string {
  const scope = table.scope.map((s) => {
    const value = row[s.column];
    if (s.kind === 'multi') return `(${((value as number[] | null) ?? []).map(whole).join(',')})`;
    return s.kind === 'bool' ? (value ? '1' : '0') : whole(value);
  });
  const attributes = table.fields.map((f) => {
    const value = row[f.column];
    if (f.type === 'boolean') return String(storedBoolean(value as boolean | null));
    if (table.keys === 'numbered') return whole(row[rankOf(f.column)] ?? 0);
    return sphinxString(value === null || value === undefined ? '' : `${TEXT_MARK}${String(value)}`);
  });
  const values = [
    whole(row.id),
    sphinxString(String(row.words ?? '')),
    ...scope,
    ...textFields(table).map((f) => key(row[keyOf(f.column)])),
    ...attributes,
  ];
  return `(${values.join(', ')})`;
}

import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EQUIPMENT_FIELDS } from '../equipment/fields';

/**
 * What the search index holds of an instrument (issue 36): its words as the database made them (the lexemes of its
 * `search` vector, one token each, so a word of letters and digits matches there what `'word':*` matches in the
 * database), its scope (customer, hidden, followers), and the grid's text and yes/no columns as attributes, each with
 * a flag for null, to filter by and sort by.
 */

/** An attribute of the index: the grid field, the table's column (the attribute's name), and its kind. */
export interface IndexedField {
  field: string;
  column: string;
  type: 'text' | 'boolean';
}

/** The grid's fields on the equipment table itself that are text or yes/no; the rest are answered by the database. */
export const INDEXED_FIELDS: readonly IndexedField[] = Object.entries(EQUIPMENT_FIELDS).flatMap(([field, f]) =>
  f.column.startsWith('equipment.') && (f.type === 'text' || f.type === 'boolean')
    ? [{ field, column: f.column.slice('equipment.'.length), type: f.type }]
    : [],
);

export const INDEXED_BY_FIELD: ReadonlyMap<string, IndexedField> = new Map(INDEXED_FIELDS.map((f) => [f.field, f]));

/** The null flag of a column's attribute. */
export const nullFlag = (column: string) => `${column}__null`;

/** The index every list asks (a distributed index over the shards), and the shard that holds an instrument. */
export const EQUIPMENT_INDEX = 'equipment';
/** Shards searched side by side, one per core of a 2-core server: a broad word's matches are scanned in half the time. */
export const SHARDS = 2;
export const shardOf = (id: number) => `${EQUIPMENT_INDEX}_${id % SHARDS}`;

/**
 * Every character but spaces and controls belongs to a word, so each lexeme stays one token (Sphinx 2.2 maps
 * characters up to U+2FFFF).
 */
const CHARSET = 'U+21..U+40, A..Z->a..z, U+5B..U+2FFFF';

/** The searchd configuration for the index: real-time shards kept in `dataDir`, served on `listen` (host:port). */
export function searchdConfig(dataDir: string, listen: string): string {
  const attributes = INDEXED_FIELDS.flatMap((f) => [
    f.type === 'text' ? `  rt_attr_string = ${f.column}` : `  rt_attr_uint = ${f.column}`,
    `  rt_attr_uint = ${nullFlag(f.column)}`,
  ]);
  const shards = Array.from({ length: SHARDS }, (_, n) => `${EQUIPMENT_INDEX}_${n}`);
  const shard = (name: string) => `index ${name}
{
  type = rt
  path = ${path.join(dataDir, name)}
  rt_field = words
  rt_attr_uint = customer_id
  rt_attr_uint = is_hidden
  rt_attr_multi = follower_ids
${attributes.join('\n')}
  rt_mem_limit = 256M
  dict = keywords
  min_prefix_len = 1
  charset_table = ${CHARSET}
}
`;
  return `${shards.map(shard).join('\n')}
index ${EQUIPMENT_INDEX}
{
  type = distributed
${shards.map((s) => `  local = ${s}`).join('\n')}
}

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

type DocumentRow = Record<string, string | number | boolean | number[] | null>;

/** The instruments with these ids as the index holds them (an id that is gone is absent). */
export async function equipmentDocuments(db: Kysely<Database>, ids: readonly number[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<DocumentRow>`
    select id, customer_id, is_hidden, follower_ids, array_to_string(tsvector_to_array(search), ' ') as words,
      ${sql.join(INDEXED_FIELDS.map((f) => sql.ref(`equipment.${f.column}`)))}
    from equipment where id in (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The columns of a REPLACE into a shard, in the order `documentTuple` writes them. */
export const DOCUMENT_COLUMNS = [
  'id',
  'words',
  'customer_id',
  'is_hidden',
  'follower_ids',
  ...INDEXED_FIELDS.flatMap((f) => [f.column, nullFlag(f.column)]),
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

/** One document's values for a REPLACE, in DOCUMENT_COLUMNS' order. */
export function documentTuple(row: DocumentRow): string {
  const followers = ((row.follower_ids as number[] | null) ?? []).map(whole);
  const attributes = INDEXED_FIELDS.flatMap((f) => {
    const value = row[f.column];
    const flag = value === null || value === undefined ? '1' : '0';
    if (f.type === 'boolean') return [value === true ? '1' : '0', flag];
    return [sphinxString(flag === '1' ? '' : String(value)), flag];
  });
  const values = [
    whole(row.id),
    sphinxString(String(row.words ?? '')),
    whole(row.customer_id),
    row.is_hidden ? '1' : '0',
    `(${followers.join(',')})`,
    ...attributes,
  ];
  return `(${values.join(', ')})`;
}

import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { EQUIPMENT_FIELDS } from '../equipment/fields';

/**
 * What the search index holds of an instrument (issue 36): its words as the database made them (the lexemes of its
 * `search` vector, one token each, so a word of letters and digits matches there what `'word':*` matches in the
 * database), its scope (customer, hidden, followers), and the grid's text and yes/no columns as attributes to sort by,
 * with a 64-bit key of each text value to filter by.
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

/** The grid's fields on the equipment table itself that are text or yes/no; the rest are answered by the database. */
export const INDEXED_FIELDS: readonly IndexedField[] = Object.entries(EQUIPMENT_FIELDS).flatMap(([field, f]) =>
  f.column.startsWith('equipment.') && (f.type === 'text' || f.type === 'boolean')
    ? [{ field, column: f.column.slice('equipment.'.length), type: f.type }]
    : [],
);

const TEXT_FIELDS = INDEXED_FIELDS.filter((f) => f.type === 'text');

export const INDEXED_BY_FIELD: ReadonlyMap<string, IndexedField> = new Map(INDEXED_FIELDS.map((f) => [f.field, f]));

/** The attribute holding the key of a text column's value (`valueKey`), 0 for null. */
export const keyOf = (column: string) => `${column}__key`;

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
  const attributes = [
    ...TEXT_FIELDS.map((f) => `  rt_attr_bigint = ${keyOf(f.column)}`),
    ...INDEXED_FIELDS.map((f) =>
      f.type === 'text' ? `  rt_attr_string = ${f.column}` : `  rt_attr_uint = ${f.column}`,
    ),
  ];
  const shards = Array.from({ length: SHARDS }, (_, n) => `${EQUIPMENT_INDEX}_${n}`);
  const shard = (name: string) => `index ${name}
{
  type = rt
  path = ${path.join(dataDir, name)}
  rt_field = words
  rt_attr_uint = customer_id
  rt_attr_bool = is_hidden
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
      ${sql.join(INDEXED_FIELDS.map((f) => sql.ref(`equipment.${f.column}`)))},
      ${sql.join(TEXT_FIELDS.map((f) => sql`${keySql(sql.ref(`equipment.${f.column}`))} as ${sql.ref(keyOf(f.column))}`))}
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
  ...TEXT_FIELDS.map((f) => keyOf(f.column)),
  ...INDEXED_FIELDS.map((f) => f.column),
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

/** One document's values for a REPLACE, in DOCUMENT_COLUMNS' order. */
export function documentTuple(row: DocumentRow): string {
  const followers = ((row.follower_ids as number[] | null) ?? []).map(whole);
  const attributes = INDEXED_FIELDS.map((f) => {
    const value = row[f.column];
    if (f.type === 'boolean') return String(storedBoolean(value as boolean | null));
    return sphinxString(value === null || value === undefined ? '' : `${TEXT_MARK}${String(value)}`);
  });
  const values = [
    whole(row.id),
    sphinxString(String(row.words ?? '')),
    whole(row.customer_id),
    row.is_hidden ? '1' : '0',
    `(${followers.join(',')})`,
    ...TEXT_FIELDS.map((f) => key(row[keyOf(f.column)])),
    ...attributes,
  ];
  return `(${values.join(', ')})`;
}

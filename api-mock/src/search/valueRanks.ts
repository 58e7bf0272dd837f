import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SearchedTable } from './searchedTables';

/**
 * The ranks of numbered text values (migration 062): per customer and column, 32-bit numbers in the values' byte order
 * (the database's order in the C collation, where the index sorts text), so the narrow index sorts by a number. A
 * null is 0; values lie strictly between 0 and RANK_END. A new value takes the middle of the gap between its placed
 * neighbours (several in one gap share it evenly). When a gap is too small, a window of neighbours around it is
 * spread evenly again, wider windows until they can be spread about as thin as the column (see relabel), and the
 * instruments holding a moved value are queued again, so the index is not asked for the customer until they have
 * been sent with their new ranks (the order-maintenance problem: a window's cost is paid by the inserts that filled
 * it).
 */

export const RANK_END = 4_294_967_295;
/** The least gap a relabelled window leaves between its values, short of the whole column (packed as it must be). */
const MIN_GAP = 256;
/** How many placed neighbours on each side the first window takes; each wider one takes eight times as many. */
const FIRST_WINDOW = 8;

/**
 * A column's new values are ranked with all its others anew, evenly, when they are this many and more than an eighth
 * of those ranked (a customer's first fill, or an import into a small inventory): placed gap by gap, values arriving
 * in random order fill some gaps long before others (the depth of a random search tree).
 */
const WHOLE_FROM = 64;

/** Column → value → rank. */
export type Ranks = Map<string, Map<string, number>>;

/** Text in the database's C order: by its UTF-8 bytes. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** `count` ranks spread evenly strictly between `lo` and `hi`, or null when they do not fit. */
export function spread(lo: number, hi: number, count: number): number[] | null {
  if (hi - lo < count + 1) return null;
  const step = (hi - lo) / (count + 1);
  return Array.from({ length: count }, (_, i) => Math.floor(lo + step * (i + 1)));
}

/**
 * Where values go between placed neighbours' ranks `lo` and `hi`: the whole gap, or at an end of the column (no
 * neighbour on that side) the half of it away from that end, the middle half at both, so later values there find
 * room (new serials come after the last).
 */
function stretch(lo: number, hi: number, hasLow: boolean, hasHigh: boolean): [number, number] {
  const quarter = Math.floor((hi - lo) / 4);
  if (!hasLow && !hasHigh) return [lo + quarter, hi - quarter];
  if (!hasLow) return [lo + 2 * quarter, hi];
  return hasHigh ? [lo, hi] : [lo, hi - 2 * quarter];
}

/** `count` ranks spread evenly within the gap's `stretch`, or the whole gap when they need it; null when they do not fit. */
export const placeIn = (lo: number, hi: number, hasLow: boolean, hasHigh: boolean, count: number) =>
  spread(...stretch(lo, hi, hasLow, hasHigh), count) ?? spread(lo, hi, count);

interface Placed {
  value: string;
  rank: string | number;
}

const add = (ranks: Ranks, column: string, value: string, rank: number) => {
  const ofColumn = ranks.get(column) ?? new Map<string, number>();
  ranks.set(column, ofColumn.set(value, rank));
};

/** Store ranks of a customer's values: column, value and rank, one triple each. */
const setRanks = (db: Kysely<Database>, customerId: number, triples: readonly (readonly [string, string, number])[]) =>
  sql`update search_value_ids s set rank = u.rank
    from unnest(${triples.map((t) => t[0])}::text[], ${triples.map((t) => t[1])}::text[],
      ${triples.map((t) => t[2])}::bigint[]) as u(column_name, value, rank)
    where s.customer_id = ${customerId} and s.column_name = u.column_name and s.value = u.value`.execute(db);

/**
 * Queue again the customer's rows whose column holds one of `values` (any value when null), but for those queued
 * already (they are read, and ranked, when their turn comes); answers how many.
 */
async function queueHolders(
  db: Kysely<Database>,
  table: SearchedTable,
  customerId: number,
  column: string,
  values: readonly string[] | null,
): Promise<number> {
  const held = values === null ? sql`is not null` : sql`= any(${values}::text[])`;
  const queued = await sql`insert into ${sql.table(table.queue)} (${sql.ref(table.queueId)}, customer_id)
    select id, customer_id from ${sql.table(table.table)}
    where customer_id = ${customerId} and ${sql.ref(column)} ${held}
    on conflict do nothing`.execute(db);
  return Number(queued.numAffectedRows ?? 0);
}

/**
 * Rank the unranked values of a customer's batch of rows of the index's table (`batch`: column → value → its rank,
 * null for none yet), relabelling and requeueing where a gap is full. Answers the ranks given or moved of the
 * batch's values (a row of the batch is written with them), and how many instruments were queued again.
 */
export async function rankValues(
  db: Kysely<Database>,
  table: SearchedTable,
  customerId: number,
  batch: ReadonlyMap<string, ReadonlyMap<string, number | null>>,
): Promise<{ ranks: Ranks; moved: number }> {
  const ranks: Ranks = new Map();
  let moved = 0;
  const left = new Map(
    [...batch].map(([column, values]) => [
      column,
      new Set([...values].filter(([, rank]) => rank === null).map(([value]) => value)),
    ]),
  );
  for (const [column, values] of left) {
    if (values.size < WHOLE_FROM) continue;
    const enough = values.size * 8;
    const { rows: counted } = await sql<{
      n: string | number;
    }>`select count(*) as n from (select 1 from search_value_ids s
      where s.customer_id = ${customerId} and s.column_name = ${column} and s.rank is not null limit ${enough}) c`.execute(
      db,
    );
    if (Number(counted[0]!.n) >= enough) continue;
    const whole = await rankWhole(db, table, customerId, column, [...batch.get(column)!.keys()]);
    for (const [value, rank] of whole.ranks) add(ranks, column, value, rank);
    values.clear();
    moved += whole.moved;
  }
  while ([...left.values()].some((values) => values.size > 0)) {
    const pairs = [...left].flatMap(([column, values]) => [...values].map((value) => [column, value] as const));
    const { rows } = await sql<{ column_name: string; value: string; below: string | null; above: string | null }>`
      select w.column_name, w.value, b.rank as below, a.rank as above
      from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as w(column_name, value)
      left join lateral (select s.rank from search_value_ids s where s.customer_id = ${customerId}
        and s.column_name = w.column_name and s.rank is not null and s.value < w.value
        order by s.value desc limit 1) b on true
      left join lateral (select s.rank from search_value_ids s where s.customer_id = ${customerId}
        and s.column_name = w.column_name and s.rank is not null and s.value > w.value
        order by s.value limit 1) a on true`.execute(db);
    // The values of a column sharing a gap, in order.
    const gaps = new Map<
      string,
      { column: string; lo: number; hi: number; ends: [boolean, boolean]; values: string[] }
    >();
    for (const r of rows) {
      const [lo, hi] = [r.below === null ? 0 : Number(r.below), r.above === null ? RANK_END : Number(r.above)];
      const key = `${r.column_name}\u0000${lo}`;
      const gap = gaps.get(key) ?? {
        column: r.column_name,
        lo,
        hi,
        ends: [r.below !== null, r.above !== null],
        values: [],
      };
      gap.values.push(r.value);
      gaps.set(key, gap);
    }
    let full: { column: string; values: string[] } | undefined;
    const given: { column: string; values: string[]; ranks: number[] }[] = [];
    for (const gap of gaps.values()) {
      const values = gap.values.sort(byBytes);
      const spreadRanks = placeIn(gap.lo, gap.hi, ...gap.ends, values.length);
      if (spreadRanks) given.push({ column: gap.column, values, ranks: spreadRanks });
      else full ??= { column: gap.column, values };
    }
    const placed = given.flatMap((g) => g.values.map((value, i) => [g.column, value, g.ranks[i]!] as const));
    if (placed.length > 0) await setRanks(db, customerId, placed);
    for (const g of given)
      g.values.forEach((value, i) => {
        add(ranks, g.column, value, g.ranks[i]!);
        left.get(g.column)!.delete(value);
      });
    if (full) {
      const relabelled = await relabel(db, table, customerId, full.column, full.values, left.get(full.column)!);
      for (const [value, rank] of relabelled.ranks) {
        add(ranks, full.column, value, rank);
        left.get(full.column)!.delete(value);
      }
      moved += relabelled.moved;
    }
  }
  return { ranks, moved };
}

/**
 * Spread a window of a column's placed values around a full gap (`values`, in order) evenly again, with the column's
 * unplaced values that fall inside it (`unplaced`), and queue the instruments holding a moved value (one already
 * queued is left where it is: it is read, and ranked, when its turn comes).
 */
async function relabel(
  db: Kysely<Database>,
  table: SearchedTable,
  customerId: number,
  column: string,
  values: readonly string[],
  unplaced: ReadonlySet<string>,
): Promise<{ ranks: Map<string, number>; moved: number }> {
  const placed = sql`s.customer_id = ${customerId} and s.column_name = ${column} and s.rank is not null`;
  const [first, last] = [values[0]!, values.at(-1)!];
  // A window is spread no tighter than half the column's average gap, so a crowded stretch is spread as thin as the
  // rest of the column (windows tighter than that fill again after a few values).
  const { rows: counted } = await sql<{ n: string | number }>`
    select count(*) as n from search_value_ids s where ${placed}`.execute(db);
  const leastGap = Math.max(MIN_GAP, Math.floor(RANK_END / (Number(counted[0]!.n) + 1) / 2));
  for (let side = FIRST_WINDOW; ; side *= 8) {
    // The window's bounds: the placed values `side` places beyond the gap's nearest, or the column's ends.
    const [below, above] = await Promise.all([
      sql<Placed>`select s.value, s.rank from search_value_ids s where ${placed} and s.value < ${first}
        order by s.value desc offset ${side} limit 1`.execute(db),
      sql<Placed>`select s.value, s.rank from search_value_ids s where ${placed} and s.value > ${last}
        order by s.value offset ${side} limit 1`.execute(db),
    ]).then((answers) => answers.map((a) => a.rows[0]));
    const { rows: inside } = await sql<Placed>`select s.value, s.rank from search_value_ids s where ${placed}
      ${below ? sql`and s.value > ${below.value}` : sql``} ${above ? sql`and s.value < ${above.value}` : sql``}
      order by s.value`.execute(db);
    const within = (v: string) => (!below || byBytes(v, below.value) > 0) && (!above || byBytes(v, above.value) < 0);
    const all = [...inside.map((r) => r.value), ...[...unplaced].filter(within)].sort(byBytes);
    const [lo, hi] = [below ? Number(below.rank) : 0, above ? Number(above.rank) : RANK_END];
    const whole = !below && !above;
    const [start, end] = stretch(lo, hi, below !== undefined, above !== undefined);
    if (end - start < (all.length + 1) * leastGap && !whole) continue;
    const given = spread(start, end, all.length) ?? spread(lo, hi, all.length);
    if (!given) throw new Error(`customer ${customerId}'s ${column} has more values than 32-bit ranks can order`);
    const was = new Map(inside.map((r) => [r.value, Number(r.rank)]));
    const movedValues = all.filter((v, i) => was.has(v) && was.get(v) !== given[i]);
    const moved = await db.transaction().execute(async (trx) => {
      await setRanks(
        trx,
        customerId,
        all.map((value, i) => [column, value, given[i]!] as const),
      );
      return movedValues.length === 0 ? 0 : queueHolders(trx, table, customerId, column, movedValues);
    });
    return { ranks: new Map(all.map((v, i) => [v, given[i]!])), moved };
  }
}

/**
 * Rank a column of a customer anew, whole and evenly: every value numbered before and every value its rows hold now.
 * The instruments holding one that are not queued are queued again. Answers the ranks of `values` (the batch's, ranked
 * before or not: every one may have moved).
 */
async function rankWhole(
  db: Kysely<Database>,
  table: SearchedTable,
  customerId: number,
  column: string,
  values: readonly string[],
): Promise<{ ranks: Map<string, number>; moved: number }> {
  const moved = await db.transaction().execute(async (trx) => {
    await sql`
      with held as (
        select s.value from search_value_ids s where s.customer_id = ${customerId} and s.column_name = ${column}
        union
        select ${sql.ref(column)}::text from ${sql.table(table.table)}
        where customer_id = ${customerId} and ${sql.ref(column)} is not null),
      ordered as (select value, row_number() over (order by value) as n, count(*) over () as total from held)
      insert into search_value_ids (customer_id, column_name, value, rank)
      select ${customerId}, ${column}, value, floor(n * (${RANK_END}::float8 / (total + 1)))::bigint from ordered
      on conflict (customer_id, column_name, value) do update set rank = excluded.rank`.execute(trx);
    return queueHolders(trx, table, customerId, column, null);
  });
  const { rows } = await sql<Placed>`select value, rank from search_value_ids
    where customer_id = ${customerId} and column_name = ${column} and value = any(${values}::text[])`.execute(db);
  return { ranks: new Map(rows.map((r) => [r.value, Number(r.rank)])), moved };
}

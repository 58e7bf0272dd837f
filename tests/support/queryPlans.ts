import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';

/** A statement as the server sent it to PostgreSQL: its text and its parameters. */
export interface SentQuery {
  text: string;
  values: readonly unknown[];
}

/** A node of a plan as EXPLAIN (FORMAT JSON) gives it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** A sort of this many rows for one page is a sort of a broad list's matches. */
const BROAD_SORT = 10_000;

let sent: SentQuery[] | null = null;
let patched = false;
const originalQuery = pg.Client.prototype.query;

/**
 * Every statement the server sends while `run` runs (the server runs in this process, on node-postgres): the list
 * queries as they are today, whatever builds them. Only reads are kept; background jobs' writes are not the lists'.
 */
export async function statementsOf(run: () => Promise<unknown>): Promise<SentQuery[]> {
  if (!patched) {
    patched = true;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config, values] = args as [unknown, unknown];
      if (sent) {
        const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
        const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | null)?.values ?? []);
        if (text && /^\s*(select|with)\b/i.test(text)) sent.push({ text, values: params });
      }
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }
  const mine: SentQuery[] = [];
  sent = mine;
  try {
    await run();
  } finally {
    sent = null;
  }
  return mine;
}

/** Put node-postgres back as it was (the api test workers share modules between files). */
export function stopWatchingStatements() {
  if (patched) pg.Client.prototype.query = originalQuery;
  patched = false;
}

/** The plan PostgreSQL chooses for a statement with its parameters (a custom plan, as the server's run gets). */
export async function planOf<DB>(db: Kysely<DB>, query: SentQuery): Promise<PlanNode> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (format json) ${query.text}`, [...query.values]),
  );
  return rows[0]!['QUERY PLAN'][0].Plan;
}

/** The same run, with the time each node took and the buffers it read (for measuring, not for asserting). */
export async function analyzedPlanOf<DB>(db: Kysely<DB>, query: SentQuery): Promise<string> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, buffers) ${query.text}`, [...query.values]),
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Each node of a plan with the table it reads (a bitmap index scan reads for the heap scan above it). */
function* nodesOf(node: PlanNode, table?: string): Generator<{ node: PlanNode; table?: string }> {
  const own = node['Relation Name'] ?? table;
  yield { node, table: own };
  const passOn = node['Node Type'] === 'Bitmap Heap Scan' || node['Node Type'].startsWith('Bitmap') ? own : undefined;
  for (const child of node.Plans ?? []) yield* nodesOf(child, passOn);
}

/** The columns a condition compares (`(customer_id = 3)`, `(e.serial > 'x'::text)` …), without table prefixes. */
const conjuncts = (cond: string | undefined): string[] =>
  cond === undefined
    ? []
    : cond
        .replace(/^\((.*)\)$/s, '$1')
        .split(/\s+AND\s+/)
        .map((part) => part.replace(/^\(+/, ''));

/**
 * The part of a shape that makes it narrow: the text search vector, or a filtered column. A scan on a large table
 * whose index condition holds none of these, while its filter holds one, reads the scope to find a few rows.
 */
export interface Shape {
  /** Few matches (at most the exact-count cap): the matches are found first, then sorted; never a walk. */
  narrow: boolean;
  /** Words in a condition that stand for the shape's narrowing: `search @@`, `serial`, `building` … */
  narrowing: string[];
}

/** The columns that only say whose rows and which tab: an index condition of nothing else reads the whole scope. */
const SCOPE_COLUMNS = ['customer_id', 'is_history', 'is_active', 'is_hidden', 'deleted_at'];

const isScope = (conjunct: string) => SCOPE_COLUMNS.some((col) => new RegExp(`^(\\w+\\.)?${col}\\b`).test(conjunct));
const isScopeOnly = (cond: string | undefined) => cond !== undefined && conjuncts(cond).every(isScope);
/** An equality on a column beyond the scope: a look-up of a few entries, not a walk. */
const looksUp = (cond: string | undefined) => conjuncts(cond).some((c) => !isScope(c) && /\s=\s/.test(c));

const mentions = (text: string | undefined, words: readonly string[]) =>
  text !== undefined && words.some((w) => text.includes(w));

/** Why a plan is wrong for a list shape on `large` tables, each reason with the offending node (none: it is right). */
export function planProblems(plan: PlanNode, shape: Shape, large: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const show = (node: PlanNode) => {
    const { Plans: _children, ...own } = node;
    return JSON.stringify(own);
  };
  if (!shape.narrow)
    problems.push(...sortsForAPage(plan, large).map((node) => `a page sorted out of every match: ${show(node)}`));
  const bounded = streamedIntoALimit(plan);
  for (const { node, table } of nodesOf(plan)) {
    if (table === undefined || !large.has(table)) continue;
    const type = node['Node Type'];
    if (type === 'Seq Scan') {
      // A broad shape's matches are dense: a scan that stops at the limit (a capped count) reads a bounded part.
      if (shape.narrow || !bounded.has(node)) problems.push(`a sequential scan of ${table}: ${show(node)}`);
      continue;
    }
    if (!shape.narrow) continue;
    const cond = node['Index Cond'];
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !mentions(cond, shape.narrowing)) {
      if (isScopeOnly(cond) || (mentions(node.Filter, shape.narrowing) && !looksUp(cond)))
        problems.push(
          `a walk of ${node['Index Name']} on ${table} that checks the narrow conditions row by row: ${show(node)}`,
        );
    }
    if (type === 'Bitmap Index Scan' && isScopeOnly(cond))
      problems.push(`a bitmap of every row of the scope from ${node['Index Name']} on ${table}: ${show(node)}`);
  }
  return problems;
}

/** Nodes whose rows flow straight into a Limit, so that they stop when it has its rows (not sorted, hashed, …). */
function streamedIntoALimit(plan: PlanNode): Set<PlanNode> {
  const streamed = new Set<PlanNode>();
  const visit = (node: PlanNode, streaming: boolean) => {
    if (streaming) streamed.add(node);
    const type = node['Node Type'];
    for (const child of node.Plans ?? []) {
      const passes =
        type === 'Limit' ||
        (streaming && (STREAMING.includes(type) || (JOINS.includes(type) && child['Parent Relationship'] === 'Outer')));
      visit(child, passes);
    }
  };
  visit(plan, false);
  return streamed;
}
const STREAMING = ['Subquery Scan', 'Gather', 'Result', 'Append'];
const JOINS = ['Nested Loop', 'Hash Join', 'Merge Join'];

const hasAny = (node: PlanNode, types: readonly string[]): boolean =>
  types.includes(node['Node Type']) || (node.Plans ?? []).some((child) => hasAny(child, types));

/**
 * Sorts that a page (a Limit) waits on, of at least BROAD_SORT rows of a large table, where nothing below counts or
 * numbers the rows: the page of a broad shape is read along an index in the sort order, not sorted out of every
 * match. A plan that counts every match beside the page (a window or an aggregate below) sorts them anyway.
 */
function sortsForAPage(plan: PlanNode, large: ReadonlySet<string>): PlanNode[] {
  const found: PlanNode[] = [];
  const visit = (node: PlanNode, underLimit: boolean) => {
    const type = node['Node Type'];
    if (
      underLimit &&
      type === 'Sort' &&
      node['Plan Rows'] >= BROAD_SORT &&
      !hasAny(node, ['WindowAgg', 'Aggregate']) &&
      [...nodesOf(node)].some(({ table }) => table !== undefined && large.has(table))
    )
      found.push(node);
    for (const child of node.Plans ?? []) visit(child, type === 'Limit' || (underLimit && type !== 'Aggregate'));
  };
  visit(plan, false);
  return found;
}

/** The tables of the database with at least `rows` rows by the planner's statistics. */
export async function largeTables<DB>(db: Kysely<DB>, rows: number): Promise<Set<string>> {
  const { rows: found } = await db.executeQuery<{ relname: string }>(
    CompiledQuery.raw(
      `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1`,
      [rows],
    ),
  );
  return new Set(found.map((r) => r.relname));
}

import { Worker } from 'node:worker_threads';
import { afterAll } from 'vitest';
import { httpClient } from '../support/serverProcess';

/** Calls before this many are the warm-up (caches, JIT, query plans) and are not counted. */
export const WARMUP_CALLS = 5;

/** `npm run bench -- --strict` (scripts/bench.ts) sets BENCH_STRICT=1: then a missed target fails the run. */
export const STRICT = process.env.BENCH_STRICT === '1';

/** What the file's figures missed, its timing reports, and its wrong answers, settled once when the file is done. */
const missed: string[] = [];
const reports: (() => void)[] = [];
const failures: string[] = [];

// A bench file loads this module before its own hooks are registered, so this hook runs after them (afterAll hooks
// run last-registered first), once the servers are closed: it prints the timing lines, then fails the file on a
// wrong answer or a bench stopped by an error (which the bench runner drops, leaving only a missing figure), or under
// --strict on a missed target. It is registered on the file, not on a describe: the runner calls only a file's hooks.
// eslint-disable-next-line no-empty-pattern -- vitest passes its fixtures first (destructured), the file second
afterAll(({}, file) => {
  for (const report of reports) report();
  const stopped = unfinished(file as BenchTask).map((name) => `${name}: stopped by an error`);
  for (const line of stopped) console.log(`FAILED ${line}`);
  const problems = [...failures, ...stopped, ...(STRICT ? missed.map((line) => `target missed: ${line}`) : [])];
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

/** What the runner keeps of a bench: a bench that threw is left unfinished (state "run"), its error dropped. */
type BenchTask = {
  name: string;
  mode?: string;
  meta?: { benchmark?: boolean };
  result?: { state?: string };
  tasks?: BenchTask[];
};
const unfinished = (task: BenchTask): string[] =>
  task.meta?.benchmark
    ? task.mode === 'run' && task.result?.state !== 'pass'
      ? [task.name]
      : []
    : (task.tasks ?? []).flatMap(unfinished);

/** Fails the bench and the file with a reason, printed now and again when the file is done. */
export function failBench(why: string): never {
  if (!failures.includes(why)) failures.push(why);
  console.log(`FAILED ${why}`);
  throw new Error(why);
}

/** Marks a printed figure as missed: with --strict the file then fails. Answers the line's ending. */
function noteMissed(line: string) {
  missed.push(line);
  return ' MISSED';
}

/** p50 and p95 of samples (nearest rank), in their unit. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: rank(50), p95: rank(95) };
}

/**
 * `name: p50 …, p95 … over N calls (target p95 ≤ T ms)`, with MISSED when the p95 is above its target (or no call
 * was counted); a MISSED line fails the run under --strict.
 */
export function timingLine(name: string, samples: number[], targetP95Ms: number | null) {
  const target = targetP95Ms === null ? '(no target)' : `(target p95 ≤ ${targetP95Ms} ms)`;
  if (samples.length === 0) {
    const line = `${name}: no call after the warm-up ${target}`;
    return targetP95Ms === null ? line : line + noteMissed(line);
  }
  const { p50, p95 } = percentiles(samples);
  const line = `${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${samples.length} calls ${target}`;
  return targetP95Ms !== null && p95 > targetP95Ms ? line + noteMissed(line) : line;
}

/** `label: 12.3 s (target ≤ 20 s)`, with MISSED when the figure is above its target (a failure under --strict). */
export function figureLine(label: string, figure: number, target: number, unit: string, digits = 1) {
  const line = `${label}: ${figure.toFixed(digits)} ${unit} (target ≤ ${target} ${unit})`;
  return figure > target ? line + noteMissed(line) : line;
}

type Answer = { status: number; body: unknown };
type Check<B> = (body: B) => true | string;

/**
 * Times the calls of one benchmark. Every answer must be status 200 with errorCode 0 and pass `check`, and the
 * call's own `checkThis` when given (each returns true or what is wrong), else the benchmark fails, and so does the
 * run. The calls after the warm-up are the samples; their p50 and p95 are printed beside the target once, when the
 * file's benchmarks are done, however many ran. Create it while the file is collected (module level or in a
 * describe), not inside a bench.
 */
export function timed<B = unknown>(
  name: string,
  /** A figure, or one settled by what the bench learns as it runs (asked when the figures are printed). */
  targetP95Ms: number | null | (() => number | null),
  check: Check<B> = () => true,
  { warmup = WARMUP_CALLS }: { warmup?: number } = {},
) {
  const samples: number[] = [];
  let calls = 0;
  let failure: string | null = null;
  // A bench left out (-t) has made no call: nothing to report. A wrong answer is reported, and fails the run, even
  // where the bench runner only shows it as a missing figure.
  reports.push(() => {
    if (failure !== null) console.log(`${name}: FAILED, ${failure}`);
    else if (calls > 0)
      console.log(timingLine(name, samples, typeof targetP95Ms === 'function' ? targetP95Ms() : targetP95Ms));
  });
  const fail = (why: string): never => {
    if (failure === null) {
      failure = why;
      failures.push(`${name}: ${why}`);
    }
    throw new Error(`${name}: ${why}`);
  };
  // checkThis takes the body as its own type: the answer is the contract's, whatever B the timer was made with.
  return async <R extends Answer>(call: () => Promise<R>, checkThis?: (body: never) => true | string): Promise<R> => {
    const started = performance.now();
    const res = await call();
    const took = performance.now() - started;
    if (res.status !== 200 || (res.body as { errorCode?: number } | null)?.errorCode !== 0) {
      fail(`status ${res.status}, ${JSON.stringify(res.body).slice(0, 500)}`);
    }
    for (const verdict of [check(res.body as B), checkThis?.(res.body as never) ?? true]) {
      if (verdict !== true) fail(verdict);
    }
    if (++calls > warmup) samples.push(took);
    return res;
  };
}

/** The typed client of the contract over real HTTP to a listening server, signed in as a demo account. */
export async function signedInOverHttp(url: string, email: string, password = 'Portal2026') {
  if (!url) throw new Error('the server must listen (startTestServer({ listen: true }))');
  const { client } = httpClient(url);
  const res = await client.account.login({ body: { emailAddress: email, password } });
  if (res.status !== 200 || (res.body as { errorCode?: number }).errorCode !== 0) {
    throw new Error(`sign-in of ${email} over HTTP failed: ${JSON.stringify(res.body)}`);
  }
  return client;
}

/**
 * The peak resident memory of this process while it is busy, sampled every 10 ms by a worker thread (the main
 * thread cannot sample during a long synchronous stretch such as writing a workbook). stop() gives the peak in bytes.
 */
export function sampleMemoryOffThread() {
  const peak = new BigInt64Array(new SharedArrayBuffer(8));
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const [peak, stop] = workerData;
     const tick = () => {
       const rss = BigInt(process.memoryUsage.rss());
       if (rss > Atomics.load(peak, 0)) Atomics.store(peak, 0, rss);
       if (Atomics.load(stop, 0) === 0) setTimeout(tick, 10);
     };
     tick();`,
    { eval: true, workerData: [peak, stopFlag] },
  );
  return {
    async stop() {
      Atomics.store(stopFlag, 0, 1);
      await new Promise((resolve) => worker.once('exit', resolve));
      return Number(Atomics.load(peak, 0));
    },
  };
}

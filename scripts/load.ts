/**
 * A load run (not part of `npm test`): the server as `npm start` runs it (`tsx api-mock/src/main.ts --demo`, the
 * demo world seeded into a fresh database), 200 signed-in sessions spread over the demo accounts, each on its own
 * connection, cycling through the inventory list, the reservation calendar of a 7-day week and the notification
 * list for 60 s. Prints requests/s and the latency p50/p99 beside the targets (p99 ≤ 2000 ms on PGlite,
 * ≤ 1000 ms on PostgreSQL) and exits 1 when a target is missed or any answer other than a deliberate 429 failed.
 *
 *   npm run load                                       # PGlite in a temporary folder, 200 sessions, 60 s
 *   npm run load -- --duration 30 --connections 100    # shorter, fewer sessions
 *   npm run load -- --lists inventory,notifications    # only some of the lists
 *   LOAD_DB=postgres npm run load                      # a throw-away PostgreSQL cluster (initdb, removed after)
 *   npm run load -- --timeout 30                       # seconds before an unanswered request counts as an error
 *   npm run load -- --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"   # node flags for the server (profiling)
 *
 * PGlite keeps its files on disk as under `npm start` (here in a temporary DATA_DIR, not ./data). Every connection
 * sends its first request at the same moment to a cold server: in a short run that start burst makes the p99.
 * The per-user rate limit (600 calls a minute) would answer most of the run 429: the server gets
 * RATE_LIMIT_PER_MINUTE (default 1,000,000 here; set the variable to test the limit itself) and 429s are counted
 * apart. Sign-in is throttled per account and per address, so sessions are signed in one at a time per account.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../api-mock/src/seed/demoAccounts';
import { createDatabase, startTempPostgres, type TempPostgres } from '../tests/support/postgres';

/** The demo accounts that can open the lists: the profile-completion account is answered 16006 until it picks a site. */
const LOAD_ACCOUNTS = DEMO_ACCOUNTS.filter((a) => a.email !== 'new@acme-labs.example');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SESSION_COOKIE = 'portal_session';
const XSRF_COOKIE = 'XSRF-TOKEN';
const TARGET_P99_MS = { pglite: 2000, postgres: 1000 } as const;
/** One answer in this many has its body read: a 200 must carry errorCode 0. */
const BODY_SAMPLE_EVERY = 20;
const START_TIMEOUT_MS = 180_000;

type ListName = 'inventory' | 'calendar' | 'notifications';
const LIST_NAMES: ListName[] = ['inventory', 'calendar', 'notifications'];

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    lists: { type: 'string', default: LIST_NAMES.join(',') },
    timeout: { type: 'string', default: '60' },
    'node-flags': { type: 'string', default: '' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const timeoutSeconds = Number(args.timeout);
const lists = args.lists.split(',').map((l) => l.trim()) as ListName[];
const dbKind = process.env.LOAD_DB === 'postgres' ? 'postgres' : 'pglite';
const perMinute = Number(process.env.RATE_LIMIT_PER_MINUTE || 1_000_000);

for (const [name, value] of Object.entries({ duration, connections, timeout: timeoutSeconds, perMinute })) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
}
for (const l of lists) if (!LIST_NAMES.includes(l)) throw new Error(`--lists: unknown list ${l} (${LIST_NAMES})`);

// ---------------------------------------------------------------------------------------------------------------
// The server and its database, removed again however the run ends.

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
const logFile = path.join(tempDir, 'server.log');
let server: ChildProcess | null = null;
let cluster: TempPostgres | null = null;
let cleaning: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    const child = server;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // tsx runs the server in a child of its own: signal the whole process group.
      const signal = (s: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, s);
        } catch {
          /* already gone */
        }
      };
      signal('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) signal('SIGKILL');
    }
    if (cluster) await cluster.stop();
    rmSync(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Ctrl-C reaches this process twice (from the terminal and relayed by tsx): the first one cleans up, the rest wait.
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (cleaning) return;
    console.error(`\n${sig}: stopping the load run and the server…`);
    runningLoad?.stop();
    void cleanUp().finally(() => process.exit(130));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const serverLogTail = () => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no server log)';
  }
};

/** Start the server as `npm start` does (without the web build: the API needs none) and wait until it answers. */
async function startServer(port: number, databaseUrl: string | undefined): Promise<string> {
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tempDir, 'data'),
    RATE_LIMIT_PER_MINUTE: String(perMinute),
    LOG_REQUESTS: '0',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // Flags such as --cpu-prof are refused in NODE_OPTIONS: with them node itself runs the server, tsx as its loader.
  const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
  const [command, commandArgs] = nodeFlags.length
    ? [process.execPath, [...nodeFlags, '--import', 'tsx', 'api-mock/src/main.ts', '--demo']]
    : [path.join(ROOT, 'node_modules/.bin/tsx'), ['api-mock/src/main.ts', '--demo']];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  server = child;
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${serverLogTail()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/users/me`);
      await res.arrayBuffer();
      return baseUrl;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${serverLogTail()}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions.

interface Session {
  email: string;
  cookie: string;
  xsrf: string;
}

const cookiesOf = (res: Response) =>
  new Map(
    res.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()] as const;
    }),
  );

/**
 * `count` sessions, round-robin over the demo accounts. An account's sign-ins go one after another: its attempts
 * are counted before the password is checked, so a parallel burst on one account would be locked out.
 */
async function signIn(baseUrl: string, count: number): Promise<Session[]> {
  // The anti-forgery token a visitor without a session gets: a sign-in must echo it.
  const first = await fetch(`${baseUrl}/api/users/me`);
  await first.arrayBuffer();
  const visitorXsrf = cookiesOf(first).get(XSRF_COOKIE);
  if (!visitorXsrf) throw new Error('no XSRF-TOKEN cookie from GET /api/users/me');

  const sessions: Session[] = new Array(count);
  const signInOne = async (email: string): Promise<Session> => {
    const res = await fetch(`${baseUrl}/api/Account/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${XSRF_COOKIE}=${visitorXsrf}`,
        'x-xsrf-token': visitorXsrf,
      },
      body: JSON.stringify({ emailAddress: email, password: DEMO_PASSWORD }),
    });
    const body = (await res.json().catch(() => null)) as { errorCode?: number } | null;
    const jar = cookiesOf(res);
    const token = jar.get(SESSION_COOKIE);
    const xsrf = jar.get(XSRF_COOKIE);
    if (res.status !== 200 || body?.errorCode !== 0 || !token || !xsrf) {
      throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
    }
    return { email, cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrf}`, xsrf };
  };
  await Promise.all(
    LOAD_ACCOUNTS.map(async ({ email }, account) => {
      for (let i = account; i < count; i += LOAD_ACCOUNTS.length) sessions[i] = await signInOne(email);
    }),
  );
  return sessions;
}

// ---------------------------------------------------------------------------------------------------------------
// The load.

/** Monday 00:00 UTC of this week and the Monday after: the calendar's week view. */
function thisWeek() {
  const day = 86_400_000;
  const today = Math.floor(Date.now() / day) * day;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * day;
  return { start: new Date(monday).toISOString(), end: new Date(monday + 7 * day).toISOString() };
}

interface ListStats {
  count: number;
  statuses: Map<number, number>;
  sampled: number;
  badBodies: number;
  /** The first sampled body that failed, shown beside the list's figures. */
  badExample?: string;
  latencies: number[];
}

const newStats = (): ListStats => ({ count: 0, statuses: new Map(), sampled: 0, badBodies: 0, latencies: [] });
const stats = new Map<ListName, ListStats>(lists.map((l) => [l, newStats()]));
let runningLoad: autocannon.Instance | null = null;

function requestsFor(session: Session): autocannon.Request[] {
  const week = thisWeek();
  const calendarQuery = new URLSearchParams({ start: week.start, end: week.end, pageIndex: '0', pageSize: '20' });
  const all: Record<ListName, autocannon.Request> = {
    inventory: {
      method: 'POST',
      path: '/api/Equipment/list',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': session.xsrf },
      body: JSON.stringify({ pageIndex: 0, pageSize: 20, listType: 'inventory' }),
    },
    calendar: { method: 'GET', path: `/api/Equipment/reservation?${calendarQuery}` },
    notifications: { method: 'GET', path: '/api/Message/list?pageIndex=0&pageSize=50' },
  };
  return lists.map((name) => {
    const request = all[name];
    return {
      ...request,
      headers: { ...request.headers, cookie: session.cookie },
      onResponse: (status: number, body: string) => {
        lastAnswered = name;
        const s = stats.get(name)!;
        s.count++;
        s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
        if (status === 200 && s.count % BODY_SAMPLE_EVERY === 0) {
          s.sampled++;
          let ok = false;
          try {
            ok = (JSON.parse(body) as { errorCode?: number }).errorCode === 0;
          } catch {
            // counted below
          }
          if (!ok) {
            s.badBodies++;
            s.badExample ??= body.slice(0, 300);
          }
        }
      },
    };
  });
}

/** Set by a request's onResponse, read by the instance's 'response' event that autocannon emits right after it. */
let lastAnswered: ListName | null = null;
/** The connections that got at least one answer: one the server never served would not show in the latencies. */
const answeredClients = new Set<autocannon.Client>();

async function runLoad(baseUrl: string, sessions: Session[]) {
  let next = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration,
      timeout: timeoutSeconds,
      // Every connection its own session: its own cookies and anti-forgery token on each of its requests.
      setupClient: (client) => client.setRequests(requestsFor(sessions[next++ % sessions.length]!)),
      requests: requestsFor(sessions[0]!),
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  runningLoad = instance;
  instance.on('response', (client, _status, _bytes, responseTime) => {
    answeredClients.add(client);
    if (lastAnswered) stats.get(lastAnswered)!.latencies.push(responseTime);
    lastAnswered = null;
  });
  let seconds = 0;
  const progress = setInterval(() => {
    seconds += 10;
    const done = [...stats.values()].reduce((n, s) => n + s.count, 0);
    console.log(`  … ${seconds} s: ${done} answers`);
  }, 10_000);
  try {
    return await finished;
  } finally {
    clearInterval(progress);
    runningLoad = null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report.

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : NaN;

function report(result: autocannon.Result, signInSeconds: number, loadBefore: number): boolean {
  const target = TARGET_P99_MS[dbKind];
  const dbLabel = dbKind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const statusCounts = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => [Number(code), count ?? 0] as const)
    .sort((a, b) => a[0] - b[0]);
  const tooMany = statusCounts.find(([code]) => code === 429)?.[1] ?? 0;
  const badBodies = [...stats.values()].reduce((n, s) => n + s.badBodies, 0);
  const sampled = [...stats.values()].reduce((n, s) => n + s.sampled, 0);
  const otherNon2xx = result.non2xx - tooMany;
  const errors = result.errors + otherNon2xx + result.mismatches + badBodies;
  const p99ok = result.latency.p99 <= target;
  const errorsOk = errors === 0;
  const servedOk = answeredClients.size === connections;
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const non2xx = statusCounts
    .filter(([code]) => code < 200 || code >= 300)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');

  const rows: Array<[string, string, string]> = [
    ['database', dbKind === 'postgres' ? dbLabel : `${dbLabel} (files in a temporary DATA_DIR)`, ''],
    ['sessions', `${sessions.length} (one per connection; ${LOAD_ACCOUNTS.length} demo accounts)`, ''],
    ['duration', `${result.duration} s (sign-in took ${signInSeconds.toFixed(1)} s before)`, ''],
    ['lists', lists.join(', '), ''],
    [
      'machine load',
      `1-min load average ${loadBefore.toFixed(1)} before the server started, ${os.loadavg()[0]!.toFixed(1)} at the end; ${os.cpus().length} cores, shared with this load generator`,
      '',
    ],
    ['requests', String(result.requests.total), ''],
    ['requests/s (mean)', result.requests.average.toFixed(1), ''],
    ['latency p50 (ms)', String(result.latency.p50), ''],
    [
      'latency p99 (ms)',
      String(result.latency.p99),
      `target p99 ≤ 2000 ms on PGlite, ≤ 1000 ms on PostgreSQL: ${mark(p99ok)} (${dbLabel})`,
    ],
    ['latency max (ms)', String(result.latency.max), ''],
    [
      'errors',
      `${errors} (connection ${result.errors - result.timeouts}, timeouts ${result.timeouts}, non-2xx other than 429 ${otherNon2xx}, errorCode ≠ 0 in ${badBodies} of ${sampled} sampled bodies)`,
      `0 errors other than deliberate 429s: ${mark(errorsOk)}`,
    ],
    [
      'sessions answered',
      `${answeredClients.size} of ${connections} (${result.requests.sent - result.requests.total} requests still in flight when the run stopped)`,
      `every session answered: ${mark(servedOk)}`,
    ],
    ['429s', `${tooMany} (rate limit per user ${perMinute}/min for the run)`, 'counted apart'],
    ['non-2xx', non2xx ? `${result.non2xx} (${non2xx})` : '0', ''],
  ];
  for (const [name, s] of stats) {
    const sorted = s.latencies.sort((a, b) => a - b);
    rows.push([
      `  ${name}`,
      `${s.count} answers, p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, statuses ${[
        ...s.statuses,
      ]
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ')}${s.badBodies ? `; ${s.badBodies} bad bodies, the first: ${s.badExample}` : ''}`,
      '',
    ]);
  }
  const header: [string, string, string] = ['figure', 'value', 'target'];
  const widths = [0, 1, 2].map((i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  const ok = p99ok && errorsOk && servedOk;
  console.log(`\n${ok ? 'Load targets met.' : 'Load targets MISSED.'}`);
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------

/** What else the machine was doing: the 1-min load average before this script started anything. */
const loadBefore = os.loadavg()[0]!;
let sessions: Session[] = [];
let exitCode: number;
try {
  let databaseUrl: string | undefined;
  if (dbKind === 'postgres') {
    console.log('Starting a throw-away PostgreSQL cluster…');
    cluster = await startTempPostgres();
    databaseUrl = await createDatabase(cluster.adminUrl);
  }
  const port = await freePort();
  console.log(
    `Starting the server (tsx api-mock/src/main.ts --demo) on port ${port}, ${dbKind === 'postgres' ? 'PostgreSQL' : `PGlite in ${tempDir}`}, RATE_LIMIT_PER_MINUTE=${perMinute}…`,
  );
  let t = Date.now();
  const baseUrl = await startServer(port, databaseUrl);
  console.log(
    `Server up (demo world seeded) in ${((Date.now() - t) / 1000).toFixed(1)} s; signing in ${connections} sessions…`,
  );
  t = Date.now();
  sessions = await signIn(baseUrl, connections);
  const signInSeconds = (Date.now() - t) / 1000;
  console.log(
    `Signed in ${sessions.length} sessions in ${signInSeconds.toFixed(1)} s; load for ${duration} s on ${lists.join(', ')}…`,
  );
  const result = await runLoad(baseUrl, sessions);
  exitCode = report(result, signInSeconds, loadBefore) ? 0 : 1;
} catch (error) {
  console.error(`\nLoad run failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);

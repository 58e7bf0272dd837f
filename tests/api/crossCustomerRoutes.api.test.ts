import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../contract';
import { ErrorCode } from '../../contract/errors';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';
import { customerByName, markRows, otherCustomerPools, snapshot } from '../support/fuzz/customerRows';
import { customerTables, EXEMPT_TABLES, UNOWNED_TABLES } from '../support/fuzz/customerTables';
import { exampleRequests, otherRowsOf, schemaAccepts } from '../support/fuzz/examples';
import { answerTexts, leakedMarkers, leakExcerpt } from '../support/fuzz/leakScan';
import { requestArbitrary, type FuzzRequest } from '../support/fuzz/requests';
import { collectRoutes, contractWords, type ContractRoute } from '../support/fuzz/routes';
import { send, signIn, type ApiServer } from '../support/fuzz/sessions';

/**
 * Every route of the contract, called by a signed-in user of one customer with the other customer's ids in every
 * id of its path, query and body: no answer holds anything of the other customer (its marker values, e-mail domain,
 * name, storage folder), no answer is a 5xx, and the other customer's rows do not change (in every table that holds
 * a customer's rows, read from the catalogue). Every route is reached: at least one of its calls gets past the schema
 * to the handler. Half of the calls name the other customer in `userCustomerId`, half the caller's own (the ones a
 * handler answers once the server refuses a page of another customer with 1041). Both directions, seeded.
 */
const SEED = 20_261_125;
const PER_ROUTE = 6;
/** Sign-out and password change end the session on purpose: called last (the password with a wrong old one). */
const SESSION_ENDING = ['accountManagement.changePassword', 'account.logout'];

/** Routes no call of this test gets to the handler, and why. The test asserts exactly these. */
const UNREACHED_ROUTES: Readonly<Record<string, string>> = {};

/** Tables the issue found missing from the old, hand-written snapshot: privileges, invitations, work-order lines… */
const NEWLY_COVERED = [
  'user_access_codes',
  'user_features',
  'user_invitations',
  'onboarding_invitations',
  'contract_change_requests',
  'service_call_lines',
  'service_call_attachments',
  'message_attachments',
  'events',
  'utilization_events',
  'utilization_daily',
  'stored_objects',
  'calendar_feeds',
];

const CUSTOMERS = [
  { name: 'Acme Labs', domain: 'acme-labs.example', tag: 'ACME-CROSS-MARKER', user: 'admin@acme-labs.example' },
  { name: 'Globex Corporation', domain: 'globex.example', tag: 'GLOBEX-CROSS-MARKER', user: 'admin@globex.example' },
];

let server: ApiServer;
let routes: ContractRoute[];
beforeAll(async () => {
  server = await startApiServer({ size: { equipment: 60, usersPerCustomer: 2 } });
  // A calendar feed of each customer, whose row the other customer's calls must leave alone.
  for (const { user } of CUSTOMERS)
    await (await signedIn(server.app, user)).client.calendarFeed.create({ body: { regenerate: false } });
  const all = collectRoutes(contract);
  const last = (r: ContractRoute) => SESSION_ENDING.indexOf(r.name);
  routes = [...all.filter((r) => last(r) < 0), ...SESSION_ENDING.map((name) => all.find((r) => r.name === name)!)];
}, 120_000);
afterAll(() => server?.close());

/** Well-formed requests of the route carrying the other customer's ids; half name it as userCustomerId. */
function requestsOf(
  route: ContractRoute,
  pools: Awaited<ReturnType<typeof otherCustomerPools>>,
  ids: { own: number; other: number },
): FuzzRequest[] {
  // Names from the route's own schemas (a list's fields are the keys of its rows), so a filter names a real field.
  const own = contractWords([route]);
  const arbitrary = requestArbitrary(route, {
    pools: own.length > 0 ? { ...pools, words: own } : pools,
    paramValue: pools.ids,
  });
  const wellFormed = fc
    .sample(arbitrary, { seed: SEED, numRuns: 200 })
    .filter((r) => r.note === 'valid' && schemaAccepts(route, r));
  return wellFormed.slice(0, PER_ROUTE).map((r, k): FuzzRequest => {
    // One userCustomerId (a second one would make the parameter a list, refused as such).
    const url = new URL(r.url, 'http://portal.test');
    url.searchParams.set('userCustomerId', String(k % 2 === 0 ? ids.other : ids.own));
    return { ...r, url: `${url.pathname}${url.search}` };
  });
}

/** The answer came from the handler: not the schema's 400 (or the hooks' before it), not the page-customer check. */
function handlerAnswered(res: { statusCode: number; body: string }): boolean {
  let body: { errorCode?: unknown; errorMessage?: unknown } = {};
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return res.statusCode !== 400;
  }
  if (body.errorCode === ErrorCode.CustomerChanged) return false;
  if (res.statusCode !== 400) return true;
  return !/^(The request does not match the schema|Text may not contain|The request nests deeper)/.test(
    String(body.errorMessage),
  );
}

describe('the customer snapshot', () => {
  it('covers every table that holds a customer’s rows; the others are named with a reason', async () => {
    const plan = await customerTables(server.database.db);
    expect(plan.problems).toEqual([]);
    expect([...plan.covered.keys()]).toEqual(expect.arrayContaining(NEWLY_COVERED));
    for (const reason of [...Object.values(UNOWNED_TABLES), ...Object.values(EXEMPT_TABLES)]) {
      expect(reason.length).toBeGreaterThan(10);
    }
    console.log('snapshot covers', Object.fromEntries(plan.covered));
  });

  it('names a new table nobody classified, covers one with a key to a customer, and notices a changed one', async () => {
    const db = server.database.db;
    await sql`create table zz_unclassified (id int)`.execute(db);
    await sql`create table zz_user_notes (id int, user_id int references users (id))`.execute(db);
    await sql`alter table hub_messages add column customer_id int`.execute(db);
    try {
      const plan = await customerTables(db);
      expect(plan.covered.get('zz_user_notes')).toEqual(['user_id -> users']);
      expect(plan.problems).toEqual([
        expect.stringMatching(/^table zz_unclassified holds no customer's rows .* name it in UNOWNED_TABLES of /),
        expect.stringMatching(/^table hub_messages now reaches a customer \(customer_id\) but UNOWNED_TABLES of /),
      ]);
      await expect(snapshot(db, 1)).rejects.toThrow(/zz_unclassified/);
    } finally {
      await sql`drop table zz_unclassified`.execute(db);
      await sql`drop table zz_user_notes`.execute(db);
      await sql`alter table hub_messages drop column customer_id`.execute(db);
    }
  });
});

describe('every route with the other customer’s ids', () => {
  for (const [i, caller] of CUSTOMERS.entries()) {
    const owner = CUSTOMERS[1 - i]!;
    it(`${caller.name} gets nothing of ${owner.name}, changes nothing of it, and reaches every route`, async () => {
      const db = server.database.db;
      const other = await customerByName(db, owner.name);
      const own = await customerByName(db, caller.name);
      await markRows(db, other.id, owner.tag);
      await markRows(db, own.id, caller.tag);
      const before = await snapshot(db, other.id);
      const pools = await otherCustomerPools(db, other.id, routes);
      const otherRows = await otherRowsOf(db, other.id);
      const markers = [owner.tag, `@${owner.domain}`, owner.name, other.storageFolder].map((m) => m.toLowerCase());
      const session = await signIn(server, caller.user, []);

      const failures: string[] = [];
      const reached = new Set<string>();
      let sent = 0;
      let ownSightings = 0;
      for (const route of routes) {
        const requests = [
          ...requestsOf(route, pools, { own: own.id, other: other.id }),
          ...exampleRequests(route, otherRows, own.id),
        ];
        for (const r of requests) {
          const res = await send(server, session, r, sent++);
          if (handlerAnswered(res)) reached.add(route.name);
          else if (process.env.PRINT_UNREACHED) console.log('REFUSED', r.method, r.url, res.body.slice(0, 300));
          if (res.statusCode >= 500) failures.push(`${r.method} ${r.url}: ${res.statusCode}`);
          const texts = answerTexts(res);
          const leaked = leakedMarkers(markers, r, texts);
          if (leaked.length > 0) failures.push(`${r.method} ${r.url}: ${leakExcerpt(texts, leaked)}`);
          if (texts.some((t) => t.includes(caller.tag.toLowerCase()))) ownSightings++;
        }
      }
      const after = await snapshot(db, other.id);
      console.log(`${caller.name}: ${sent} requests over ${routes.length} routes, ${reached.size} reached`);
      expect(failures).toEqual([]);
      expect(
        Object.keys(before)
          .filter((table) => before[table] !== after[table])
          .map((table) => `${table}: ${before[table]} -> ${after[table]}`),
        `rows of ${owner.name} changed`,
      ).toEqual([]);
      // Not a check that passes by refusing everything: every route's handler answered a call (the routes named
      // above excepted, exactly), and the caller's own marker is seen in its own answers.
      expect(routes.filter((r) => !reached.has(r.name)).map((r) => r.name)).toEqual(Object.keys(UNREACHED_ROUTES));
      expect(ownSightings).toBeGreaterThan(0);
    }, 300_000);
  }
});

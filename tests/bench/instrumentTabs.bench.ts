import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_UTILIZATION_RANGE } from '../../contract/equipment';
import { HISTORY_PAGE_SIZE } from '../../contract/history';
import { SERVICE_CALL_PAGE_SIZE } from '../../contract/equipment';
import { PRODUCTION_HASH_PARAMS, verifyPassword } from '../../api-mock/src/auth/password';
import { appendEvents } from '../../api-mock/src/db/events';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { EMethodCatalogue, emethodEntryOf } from '../../web/src/features/equipmentDetail/emethods/emethodCatalogue';
import { launchBrowser } from '../support/browser';
import { newPortalContext } from '../support/portalContext';
import { ROOT, startTestServer } from '../support/testServer';
import { shown } from './pageReady';
import { browserMissing, skipsBecause } from './prerequisites';
import { failBench, figureLine, percentiles, signedInOverHttp } from './timed';

/**
 * Issue 37 ("speed you can feel"): on the instrument page each tab shows within 300 ms once the page is loaded, and
 * sign-in, from pressing Sign in to the first page. In headless Chromium against the built app, a standard user of
 * Globex (it has an asset-monitoring site, so every tab is there) opens a monitored instrument with work orders of
 * its own, market information and e-methods. Each of six fresh sessions (the first untimed) signs
 * in on the sign-in page, opens the instrument, looks at it for half a second as a user would before choosing a tab,
 * then clicks every tab in turn: the time from the click (dispatched in the page) until the tab shows its data, an
 * element only the loaded answer can fill, is a sample. Targets: the median of each tab ≤ 300 ms (the p95 printed
 * beside it). Once done, each tab is compared with the API's answer. The server runs the small test world: what is
 * timed is the browser's, the calls at scale are the other benches' (the instrument page's, utilization's, ...).
 */
const EMAIL = 'user@globex.example';
const RUNS = 6;
const TAB_TARGET_MS = 300;
/** What a user takes to look at the page before choosing a tab. */
const LOOK_MS = 500;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
const missing = browserMissing();

interface TabCase {
  name: string;
  /** Ready once the tab's panel shows an element of this selector holding `text`, or `count` of them. */
  selector: string;
  text?: string;
  count?: number;
  /** Compared with the API's answer once the tab shows; true or what is wrong. */
  check(page: Page): Promise<true | string>;
}

let equipmentId = 0;
let tabs: TabCase[] = [];

const catalogue = () =>
  EMethodCatalogue.parse(JSON.parse(readFileSync(path.join(ROOT, 'web/public/emethods/catalogue.json'), 'utf8')));

const panelOf = (page: Page, tab: string) => page.locator(`[role=tabpanel][aria-labelledby$="${tab}"]`);

/** The instrument and each tab's expected content, from the API as the user reads it. */
async function prepare() {
  const api = await signedInOverHttp(server.url, EMAIL);
  const entries = catalogue();
  const monitored = await server.database.db
    .selectFrom('asset_monitors')
    .innerJoin('equipment', 'equipment.id', 'asset_monitors.equipment_id')
    .innerJoin('customers', 'customers.id', 'asset_monitors.customer_id')
    .select(['equipment.id', 'equipment.customer_id'])
    .where('customers.name', '=', 'Globex Corporation')
    .where('equipment.is_hidden', '=', false)
    .where('asset_monitors.status', '=', 'monitored')
    .where('equipment.system_id', 'is not', null)
    .orderBy('equipment.id')
    .execute();
  for (const { id, customer_id: customerId } of monitored) {
    const detail = await api.equipment.detail({ params: { id }, query: { otherComponent: true } });
    if (detail.status !== 200 || detail.body.errorCode !== 0) continue;
    const equipment = detail.body.result;
    if (!equipment) continue;
    const product = equipment.productMarketInfo;
    const entry = emethodEntryOf(entries, equipment);
    const application = entry?.applications[0];
    if (!product || !application) continue;
    const orders = async (otherComponent: boolean) => {
      const res = await api.serviceCalls.equipmentWorkOrders({
        params: { id },
        query: { otherComponent, pageIndex: 0, pageSize: SERVICE_CALL_PAGE_SIZE },
      });
      if (res.status !== 200 || res.body.errorCode !== 0) failBench(`work orders of ${id}: ${res.status}`);
      return (res.body.result?.items ?? []).map((row) => row.serviceOrderNo);
    };
    const [own, others] = [await orders(false), await orders(true)];
    if (own.length === 0) continue;
    const asset = await api.equipment.utilizationAsset({
      query: { equipmentId: id, filter: DEFAULT_UTILIZATION_RANGE },
      body: {},
    });
    const periods = asset.status === 200 && asset.body.errorCode === 0 ? asset.body.result?.assetUtilization : null;
    if (!periods?.assetId || periods.eventSummary.length === 0) continue;
    // The seeded world has no changes to show: three edits of the instrument's nickname make its history.
    await appendEvents(
      server.database.db,
      ['Bench A', 'Bench B', 'Bench C'].map((nickName, i, all) => ({
        customerId,
        actorId: null,
        entityType: 'equipment',
        entityId: id,
        eventType: 'equipment.updated',
        payload: {},
        changes: [{ field: 'nickName', old: all[i - 1] ?? null, new: nickName }],
      })),
    );
    const history = await api.history.equipment({
      params: { id },
      query: { pageIndex: 0, pageSize: HISTORY_PAGE_SIZE },
    });
    if (history.status !== 200 || history.body.errorCode !== 0) failBench(`history of ${id}: ${history.status}`);
    const historyCount = history.body.result?.items.length ?? 0;
    if (historyCount === 0) continue;

    equipmentId = id;
    const productName = product.displayName ?? [product.brandName, product.modelName].filter(Boolean).join(' ');
    const orderNumbers = async (page: Page, heading: string) =>
      page
        .getByRole('region', { name: heading })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
    const sameList = (what: string, got: string[], want: string[]) =>
      JSON.stringify(got) === JSON.stringify(want) ||
      `${what}: ${JSON.stringify(got)}, the API: ${JSON.stringify(want)}`;
    tabs = [
      {
        name: 'Work order overview',
        selector: 'tbody tr',
        text: own[0]!,
        check: async (page) => {
          const mine = sameList('own work orders', await orderNumbers(page, 'Work orders of this instrument'), own);
          if (mine !== true) return mine;
          return sameList(
            'other components',
            await orderNumbers(page, 'Work orders of the other system components'),
            others,
          );
        },
      },
      {
        name: 'Product information',
        selector: 'h2',
        text: productName,
        check: async (page) =>
          (await panelOf(page, 'productInfo').getByRole('heading', { name: productName, exact: true }).isVisible()) ||
          `no heading ${productName}`,
      },
      {
        name: 'E-methods',
        selector: 'h2',
        text: application.name,
        check: async (page) =>
          (await page.getByRole('combobox', { name: 'Application' }).inputValue()) === application.id ||
          `application ${application.id} not chosen`,
      },
      {
        name: 'Utilization',
        selector: 'dd',
        text: periods.assetId ?? '',
        check: async (page) => {
          const panel = panelOf(page, 'utilization');
          const values = await panel.locator('dd').allInnerTexts();
          const want = [periods.assetId, periods.site, periods.assetName].filter((v): v is string => !!v);
          const absent = want.filter((value) => !values.includes(value));
          return absent.length === 0 || `asset data ${JSON.stringify(absent)} of the API not shown`;
        },
      },
      {
        name: 'History',
        selector: 'ol > li',
        count: historyCount,
        check: async (page) => {
          const entriesShown = await panelOf(page, 'history').locator('ol > li').count();
          return entriesShown === historyCount || `${entriesShown} history entries, the API: ${historyCount}`;
        },
      },
      {
        name: 'Instrument',
        selector: 'button',
        text: 'Equipment details',
        check: async (page) =>
          (await page.getByRole('heading', { level: 1 }).innerText()).length > 0 || 'no instrument title',
      },
    ];
    return;
  }
  failBench('Globex has no monitored instrument with work orders, market information, e-methods and history');
}

beforeAll(async () => {
  if (missing) return;
  server = await startTestServer({ size: { equipment: 200, usersPerCustomer: 3 }, listen: true });
  browser = await launchBrowser();
  await prepare();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Clicks the tab in the page and waits, a frame at a time, until its panel shows the case's content: ms. */
function timeTab(page: Page, tab: TabCase): Promise<number> {
  // A string, not a function: the bench's compiler would wrap the function's inner helpers in its own.
  return page.evaluate(`(async ({ name, selector, text, count }) => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((el) => el.textContent === name);
    if (!tab) throw new Error('no tab ' + name);
    const started = performance.now();
    tab.click();
    const deadline = started + 30000;
    for (;;) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') || '');
      const shown = panel ? [...panel.querySelectorAll(selector)].filter((el) => el.checkVisibility()) : [];
      const ready = text === undefined ? shown.length === count : shown.some((el) => el.textContent.includes(text));
      if (ready) return performance.now() - started;
      if (performance.now() > deadline) throw new Error(name + ' did not show its data within 30 s');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  })(${JSON.stringify({ name: tab.name, selector: tab.selector, text: tab.text, count: tab.count })})`);
}

describe('instrument page tabs and sign-in in headless Chromium', () => {
  bench.skipIf(skipsBecause('the instrument tabs in Chromium', missing))(
    `sign in, open a monitored instrument, click each tab: ${RUNS - 1} timed sessions (target median ≤ ${TAB_TARGET_MS} ms a tab)`,
    async () => {
      const samples = new Map<string, number[]>(tabs.map((tab) => [tab.name, []]));
      const signIns: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await newPortalContext(browser);
        try {
          const page = await context.newPage();
          await page.goto(`${server.url}/login`);
          await page.locator('#login-email').fill(EMAIL);
          await page.locator('#login-password').fill(DEMO_PASSWORD);
          const started = Date.now();
          await page.locator('button[type=submit]').click();
          await shown(page.locator('[data-tour="welcome-greeting"]'));
          if (run > 0) signIns.push(Date.now() - started);
          await page.goto(`${server.url}/app/product/equipmentDetail/${equipmentId}`, { waitUntil: 'commit' });
          await shown(page.getByRole('button', { name: 'Equipment details', exact: true }));
          await page.waitForTimeout(LOOK_MS);
          for (const tab of tabs) {
            const took = await timeTab(page, tab);
            if (run > 0) samples.get(tab.name)!.push(took);
            const verdict = await tab.check(page);
            if (verdict !== true) failBench(`${tab.name} tab: ${verdict}`);
          }
        } catch (error) {
          // The bench runner drops a bench's error: say what went wrong.
          failBench(`session ${run + 1}: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await context.close();
        }
      }
      for (const [name, times] of samples) {
        const { p50, p95 } = percentiles(times);
        console.log(`${figureLine(`${name} tab, median`, p50, TAB_TARGET_MS, 'ms', 0)}; p95 ${p95.toFixed(0)} ms`);
      }
      const { p50, p95 } = percentiles(signIns);
      console.log(`sign-in, Sign in pressed to the welcome page, median: ${p50} ms; p95 ${p95} ms (no target)`);
      // The test runner hashes at a low cost (auth/password.ts); a running portal pays OWASP's scrypt on each sign-in.
      const stored = `scrypt$${PRODUCTION_HASH_PARAMS.N}$${PRODUCTION_HASH_PARAMS.r}$${PRODUCTION_HASH_PARAMS.p}$c2FsdA$AAAA`;
      const hashStarted = performance.now();
      await verifyPassword(DEMO_PASSWORD, stored);
      const hashMs = performance.now() - hashStarted;
      console.log(`a running portal adds its password hash to each sign-in: ${hashMs.toFixed(0)} ms (no target, kept)`);
    },
    { iterations: 1, time: 0, warmupIterations: 0 },
  );
});

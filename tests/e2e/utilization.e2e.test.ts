import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import type { Utilization, UtilizationEvent, UtilizationPeriod } from '../../contract/equipment';
import {
  axisMax,
  barValues,
  formatTwoDecimals,
  periodLabel,
  utilizationTotals,
  type SummaryView,
} from '../../web/src/features/equipmentDetail/utilization/utilizationAxis';
import { axeViolations } from '../support/axe';
import { waitForSettled } from '../support/settled';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs } from '../support/inventoryPage';

/*
 * The Utilization tab of the instrument page (spec 2 sections 2, 3, 4 and 9): Globex Corporation has an
 * asset-monitoring site, so its instruments have the tab; the monitored ones (a row in asset_monitors) show the
 * chart of utilization against service and downtime per period, its data table and totals, the asset data and the
 * details modal with the runs of a period. Acme Labs has no site and no tab.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;
const GLOBEX_USER = 'user@globex.example';
const ACME_MANAGER = 'manager@acme-labs.example';
const LOCALE = 'en-us';
const RANGE_NAMES: Record<number, string> = {
  0: 'Last week',
  1: 'Last month',
  6: 'Last 6 months',
  12: 'Last 12 months',
};
const VIEW_NAMES: Record<SummaryView, string> = {
  total: 'Total',
  dailyAverage: 'Daily average',
  percentage: 'Percentage',
};

type AssetAnswer = { result: { assetUtilization: Utilization | null; assetRequested: boolean } };
type EventsAnswer = { result: { items: UtilizationEvent[]; totalCount: number } };

/** A monitored, connected instrument of Globex whose data capture is normal (it has a year of runs). */
async function monitoredInstrument() {
  return db()
    .selectFrom('asset_monitors')
    .innerJoin('equipment', 'equipment.id', 'asset_monitors.equipment_id')
    .innerJoin('customers', 'customers.id', 'asset_monitors.customer_id')
    .select([
      'equipment.id',
      'equipment.system_id',
      'asset_monitors.asset_id',
      'asset_monitors.asset_url_template',
      'asset_monitors.site',
    ])
    .where('customers.name', '=', 'Globex Corporation')
    .where('equipment.is_hidden', '=', false)
    .where('asset_monitors.status', '=', 'monitored')
    .where('asset_monitors.conn_status', '=', 'Connected')
    .where('asset_monitors.capture_status', '=', 'Normal')
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
}

/** A Globex instrument whose monitoring was requested, or one without monitoring. */
async function unmonitoredInstrument(requested: boolean) {
  return db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .leftJoin('asset_monitors', 'asset_monitors.equipment_id', 'equipment.id')
    .select('equipment.id')
    .where('customers.name', '=', 'Globex Corporation')
    .where('equipment.is_hidden', '=', false)
    .$if(requested, (q) => q.where('asset_monitors.status', '=', 'requested'))
    .$if(!requested, (q) => q.where('asset_monitors.equipment_id', 'is', null))
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
}

/** Signed in, on the instrument's page with its title shown. */
function openInstrument(email: string, id: number, locale = 'en-US') {
  return openInstrumentAs(browser, server.url, email, id, {
    locale,
    // The page fetches the Utilization tab's first answer ahead, while another tab shows.
    beforeOpen: (page) =>
      firstAnswers.set(
        page,
        assetAnswer(page, 12).catch(() => null),
      ),
  });
}

/** Each page's first answer of agAssetDataAndEventSummary (range 12), awaited once its tab is opened. */
const firstAnswers = new WeakMap<Page, Promise<Response | null>>();

/** The next answer of agAssetDataAndEventSummary for the range. */
const assetAnswer = (page: Page, range: number) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/Equipment/agAssetDataAndEventSummary' && url.searchParams.get('filter') === `${range}`
    );
  });

const assetOf = async (response: Response) => {
  expect(response.status()).toBe(200);
  return ((await response.json()) as AssetAnswer).result;
};

/** The Utilization tab opened, with the answer of its first call (range 12). */
async function openUtilizationTab(page: Page, tabName = 'Utilization') {
  await page.getByRole('tab', { name: tabName }).click();
  const answer = await firstAnswers.get(page);
  if (!answer) throw new Error('the page did not ask for the utilization of the default range');
  return assetOf(answer);
}

/** The texts of the cells of each body row of a table. */
const bodyRows = (table: Locator) =>
  table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows
        .filter((row) => row.closest('tbody'))
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );

/** What the data table must show for the periods in the view: period, utilization, service and downtime, button. */
const expectedRows = (periods: UtilizationPeriod[], range: number, view: SummaryView, locale = LOCALE) =>
  periods.map((period) => {
    const bars = barValues(period, view);
    return [
      periodLabel(period, range, locale, 'long'),
      formatTwoDecimals(bars.utilization, locale),
      formatTwoDecimals(bars.service, locale),
      expect.any(String),
    ];
  });

/** The data table of the range and view, once the tab shows that range's answer. */
async function dataTable(page: Page, range: number, view: SummaryView) {
  const table = page.getByRole('table', {
    name: `Utilization per period, ${RANGE_NAMES[range]}, ${VIEW_NAMES[view]}`,
    exact: true,
  });
  await table.waitFor();
  return table;
}

/** The top tick of the chart's y-axis (the chart's svg is inside the role="img" wrapper and hidden from the a11y tree). */
const topTick = async (chart: Locator) => {
  const ticks = await chart
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  return Math.max(...ticks.map((text) => Number(text.replace(/[^\d.]/g, ''))));
};

/** The whole tab in view, the bars drawn at once (no animation when motion is reduced). */
async function screenshotReady(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page
    .getByRole('img', { name: /^(Bar chart|Balkendiagramm)/ })
    .locator('.recharts-bar-rectangle')
    .first()
    .waitFor();
}

describe('utilization', () => {
  it('shows the chart, data table and totals of each range and view as the server answers them', async () => {
    const instrument = await monitoredInstrument();
    const { page, close } = await openInstrument(GLOBEX_USER, instrument.id);
    await page.getByRole('tab', { name: 'Instrument' }).waitFor();
    const first = await openUtilizationTab(page);
    const utilization = first.assetUtilization!;
    expect(utilization).not.toBeNull();
    expect(utilization.eventSummary).toHaveLength(12);

    const range = page.getByRole('combobox', { name: 'Date range' });
    const view = page.getByRole('combobox', { name: 'Summary view' });
    await expect.poll(() => range.inputValue()).toBe('12');
    await expect.poll(() => view.inputValue()).toBe('total');

    // The chart comes after its render delay, named by its summary, with the y-axis of spec 2 section 9.
    const chart = page.getByRole('img', { name: /^Bar chart of utilization \(blue\) against service and downtime/ });
    await chart.waitFor();
    const totals = utilizationTotals(utilization);
    expect(await chart.getAttribute('aria-label')).toContain(
      `total utilization ${formatTwoDecimals(totals.utilizationHours, LOCALE)} hours`,
    );
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(() => topTick(chart)).toBe(axisMax(utilization.eventSummary, 'total'));

    // Totals: the days of the range and the sums of the periods, to 2 decimals.
    const totalsList = page.getByRole('region', { name: /^Utilization against service and downtime/ });
    const totalOf = (label: string) =>
      totalsList.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]').innerText();
    expect(await totalOf('Total days')).toBe(String(utilization.totalDays));
    expect(await totalOf('Total utilization hours')).toBe(formatTwoDecimals(totals.utilizationHours, LOCALE));
    expect(await totalOf('Total service and downtime hours')).toBe(formatTwoDecimals(totals.serviceHours, LOCALE));

    // The data table of the chart, in the unit of the view.
    await page.getByRole('button', { name: 'Show data table' }).click();
    let table = await dataTable(page, 12, 'total');
    expect(await bodyRows(table)).toEqual(expectedRows(utilization.eventSummary, 12, 'total'));
    expect(await axeViolations(page)).toEqual([]);

    // Each range: the answer of its own call, its days or months.
    const steps: Array<[number, SummaryView, number]> = [
      [0, 'total', 7],
      [0, 'percentage', 7],
      [1, 'dailyAverage', -1],
      [6, 'dailyAverage', 6],
      [6, 'percentage', 6],
    ];
    let shown = 12;
    let periods = utilization.eventSummary;
    let currentView: SummaryView = 'total';
    for (const [nextRange, nextView, count] of steps) {
      if (nextRange !== shown) {
        const answer = assetAnswer(page, nextRange);
        await range.selectOption(String(nextRange));
        const next = (await assetOf(await answer)).assetUtilization!;
        expect(next.dateRangeSelect).toBe(nextRange);
        periods = next.eventSummary;
        shown = nextRange;
      }
      if (nextView !== currentView) {
        await view.selectOption(nextView);
        currentView = nextView;
      }
      if (count > 0) expect(periods).toHaveLength(count);
      else expect(periods.length).toBeGreaterThanOrEqual(28);
      table = await dataTable(page, nextRange, nextView);
      await expect.poll(() => bodyRows(table)).toEqual(expectedRows(periods, nextRange, nextView));
      await page
        .getByRole('img', { name: new RegExp(`${RANGE_NAMES[nextRange]}, ${VIEW_NAMES[nextView]}:`) })
        .waitFor();
      await expect.poll(() => topTick(chart)).toBe(axisMax(periods, nextView));
    }

    // The asset data, its status icons named, and the link to the asset-monitoring site.
    const assetGroup = page.getByRole('region', { name: 'Asset', exact: true });
    await assetGroup.getByText(instrument.asset_id!, { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Connected', exact: true }).waitFor();
    await page.getByRole('img', { name: 'Capturing normally', exact: true }).waitFor();
    const link = page.getByRole('link', { name: 'View asset monitoring' });
    expect(await link.getAttribute('href')).toBe(
      instrument.asset_url_template!.replace('{assetId}', encodeURIComponent(instrument.asset_id!)),
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    if (process.env.UTILIZATION_SCREENSHOTS) {
      await range.selectOption('12');
      await view.selectOption('total');
      await page.getByRole('button', { name: 'Hide data table' }).click();
      await page.getByRole('img', { name: /Last 12 months, Total:/ }).waitFor();
      await screenshotReady(page);
      await page.screenshot({ path: `${process.env.UTILIZATION_SCREENSHOTS}/utilization-en.png` });
    }
    await close();
  });

  it('a bar opens the runs of its period; they sort, and a method picked from the autocomplete filters them', async () => {
    const instrument = await monitoredInstrument();
    const { page, close } = await openInstrument(GLOBEX_USER, instrument.id);
    await page.getByRole('tab', { name: 'Instrument' }).waitFor();
    const utilization = (await openUtilizationTab(page)).assetUtilization!;
    const chart = page.getByRole('img', { name: /^Bar chart of utilization/ });
    await chart.waitFor();

    // The busiest month's utilization bar (the first series of the chart).
    const periods = utilization.eventSummary;
    const busiest = periods.reduce((best, p, i) => (p.utilSum > periods[best]!.utilSum ? i : best), 0);
    const period = periods[busiest]!;
    const name = periodLabel(period, 12, LOCALE, 'long');
    // The chart draws no rectangle for a bar of 0 hours.
    const drawn = (list: UtilizationPeriod[]) => list.filter((p) => p.utilSum > 0).length;
    const bars = chart.locator('.recharts-bar').first().locator('.recharts-bar-rectangle');
    const bar = bars.nth(drawn(periods.slice(0, busiest)));
    await bar.waitFor();
    await expect.poll(() => bars.count()).toBe(drawn(periods));
    const firstPage = page.waitForResponse((r) => r.url().includes('/api/Equipment/agEventFilterList'));
    await bar.locator('path').click();
    const dialog = page.getByRole('dialog', { name: `Utilization details: ${name}` });
    await dialog.waitFor();
    const sent = (await firstPage).request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      pageIndex: 0,
      pageSize: 10,
      systemId: instrument.system_id,
      startDate: `${period.startDate}T00:00:00.000Z`,
      endDate: `${period.endDate}T23:59:59.999Z`,
    });
    const answer = ((await (await firstPage).json()) as EventsAnswer).result;
    expect(answer.totalCount).toBeGreaterThan(10);

    const runs = dialog.getByRole('table', { name: `Runs of ${name}` });
    await runs.waitFor();
    await expect.poll(() => runs.getByRole('row').count()).toBe(11);
    await dialog.getByText(`1–10 of ${answer.totalCount}`).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    // A header click sorts by the column: the longest run first on the second click.
    const hoursHeader = runs.getByRole('columnheader', { name: 'Hours' });
    let sorted = page.waitForResponse((r) => r.url().includes('/api/Equipment/agEventFilterList'));
    await hoursHeader.getByRole('button', { name: 'Hours' }).click();
    await sorted;
    sorted = page.waitForResponse((r) => r.url().includes('/api/Equipment/agEventFilterList'));
    await hoursHeader.getByRole('button', { name: 'Hours' }).click();
    const byHours = ((await (await sorted).json()) as EventsAnswer).result.items;
    await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
    expect(byHours.map((e) => e.hours)).toEqual([...byHours.map((e) => e.hours)].sort((a, b) => b - a));

    // The method filter: the autocomplete lists the period's methods; picking one leaves only its runs.
    const everyEvent = page.waitForResponse((r) => r.url().includes('/api/Equipment/agEventList'));
    await runs.getByRole('button', { name: 'Filter by Method' }).click();
    const events = ((await (await everyEvent).json()) as { result: UtilizationEvent[] }).result;
    const methods = [...new Set(events.map((e) => e.method).filter((m): m is string => !!m))].sort((a, b) =>
      a.localeCompare(b),
    );
    expect(methods.length).toBeGreaterThan(1);
    const values = page.getByRole('listbox', { name: 'Values of Method' });
    await values.waitFor();
    await expect.poll(() => values.getByRole('option').allInnerTexts()).toEqual(methods);
    const method = methods[methods.length - 1]!;
    const typed = method.slice(0, 12);
    await page.getByRole('combobox', { name: 'Search the values of Method' }).fill(typed);
    // The list has narrowed to the typed text before one of its options is picked.
    const matching = methods.filter((m) => m.toLocaleLowerCase().includes(typed.toLocaleLowerCase())).length;
    await expect.poll(() => values.getByRole('option').count()).toBe(matching);
    const filtered = page.waitForResponse((r) => {
      if (!r.url().includes('/api/Equipment/agEventFilterList')) return false;
      const body = r.request().postDataJSON() as { filter: Record<string, string[]> };
      return body.filter.method?.[0] === method;
    });
    // A click while the popover still moves can miss the option.
    await waitForSettled(page);
    await values.getByRole('option', { name: method, exact: true }).click();
    const onlyMethod = ((await (await filtered).json()) as EventsAnswer).result;
    expect(onlyMethod.totalCount).toBe(events.filter((e) => e.method === method).length);
    // The list stays open for more picks; Escape closes it and leaves the dialog open.
    await page.keyboard.press('Escape');
    await values.waitFor({ state: 'detached' });
    await dialog.getByRole('list', { name: 'Active filters' }).getByText(`Method: ${method}`).waitFor();
    await page.waitForFunction(
      ({ method, count }) => {
        const rows = [...document.querySelectorAll('[role="dialog"] tbody tr')];
        return rows.length === count && rows.every((row) => row.children[3]?.textContent === method);
      },
      { method, count: Math.min(10, onlyMethod.totalCount) },
    );
    await close();
  });

  it('an instrument with monitoring requested says so; one without says the service is not added', async () => {
    for (const [requested, title] of [
      [true, 'Monitoring requested'],
      [false, 'No asset monitoring'],
    ] as const) {
      const instrument = await unmonitoredInstrument(requested);
      const { page, close } = await openInstrument(GLOBEX_USER, instrument.id);
      await page.getByRole('tab', { name: 'Instrument' }).waitFor();
      const answer = await openUtilizationTab(page);
      expect(answer).toEqual({ assetUtilization: null, assetRequested: requested });
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Date range' }).count()).toBe(0);
      await close();
    }
  });

  it('a customer without an asset-monitoring site has no utilization tab', async () => {
    const acme = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    let site: Promise<Response> | undefined;
    const { page, close } = await openInstrumentAs(browser, server.url, ACME_MANAGER, acme.id, {
      beforeOpen: (p) => (site = p.waitForResponse((r) => r.url().includes('/api/Equipment/HasAssetGeniusSite'))),
    });
    expect(((await (await site!).json()) as { result: boolean }).result).toBe(false);
    await page.getByRole('tab', { name: 'Work order overview' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Utilization' }).count()).toBe(0);
    await close();
  });

  it('speaks German to a German user: labels, dates and numbers', async () => {
    const instrument = await monitoredInstrument();
    const user = db().selectFrom('users').select('language_code').where('email', '=', GLOBEX_USER);
    const { language_code: before } = await user.executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_code: 'de' }).where('email', '=', GLOBEX_USER).execute();
    try {
      const { page, close } = await openInstrument(GLOBEX_USER, instrument.id, 'de-DE');
      await page.getByRole('tab', { name: 'Gerät' }).waitFor();
      const utilization = (await openUtilizationTab(page, 'Auslastung')).assetUtilization!;
      const chart = page.getByRole('img', { name: /^Balkendiagramm der Auslastung/ });
      await chart.waitFor();
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
      await page.getByRole('button', { name: 'Datentabelle anzeigen' }).click();
      const table = page.getByRole('table', { name: 'Auslastung pro Zeitraum, Letzte 12 Monate, Gesamt' });
      await table.waitFor();
      expect(await bodyRows(table)).toEqual(expectedRows(utilization.eventSummary, 12, 'total', 'de'));
      if (process.env.UTILIZATION_SCREENSHOTS) {
        await page.getByRole('button', { name: 'Datentabelle ausblenden' }).click();
        await screenshotReady(page);
        await page.screenshot({ path: `${process.env.UTILIZATION_SCREENSHOTS}/utilization-de.png` });
      }
      await close();
    } finally {
      await db().updateTable('users').set({ language_code: before }).where('email', '=', GLOBEX_USER).execute();
    }
  });
});

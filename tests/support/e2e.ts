import { sql } from 'kysely';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { launchBrowser } from './browser';
import { startTestServer } from './testServer';

export type E2eServer = Awaited<ReturnType<typeof startTestServer>>;

/** A listening server on a fresh database and a headless Chromium, for one e2e test file. */
export async function startE2e(
  opts: Omit<NonNullable<Parameters<typeof startTestServer>[0]>, 'listen'> = {},
): Promise<{ server: E2eServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([startTestServer({ ...opts, listen: true }), launchBrowser()]);
  if (server.status === 'rejected' || browser.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (server.status === 'fulfilled') await server.value.close();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  return { server: server.value, browser: browser.value };
}

/**
 * Whole days from the day the server's demo world was seeded (its calendar is relative to that day) to today: 0,
 * or 1 when a run crosses midnight between seeding the test world and the test.
 */
export async function daysSinceSeeded(server: E2eServer): Promise<number> {
  const { time } = await server.database.db
    .selectFrom('events')
    .select(sql<Date>`time`.as('time'))
    .where('event_type', '=', 'demoWorld.seeded')
    .executeTakeFirstOrThrow();
  const DAY_MS = 86_400_000;
  return Math.floor(Date.now() / DAY_MS) - Math.floor(time.getTime() / DAY_MS);
}

/**
 * Close a dialog or drawer with Escape as a keyboard user does, and wait until it is gone. The overlay handles
 * Escape only once focus is inside it; a menu that just closed may still be handing focus back, so wait for that.
 */
export async function closeWithEscape(page: Page, overlay: Locator): Promise<void> {
  const element = await overlay.elementHandle();
  await page.waitForFunction(
    (el) => !!el && (el.closest('.bp6-overlay') ?? el).contains(document.activeElement),
    element,
  );
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'detached' });
}

export async function stopE2e(env: { server?: E2eServer; browser?: Browser }): Promise<void> {
  await env.browser?.close();
  await env.server?.close();
}

/**
 * Sign a browser context in through the sign-in call, as the sign-in page would, without opening that page: for a
 * test of another page, which then opens it directly (one start of the app fewer than signing in on the page).
 */
export async function signInByRequest(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await context.request.get(`${baseUrl}/api/users/me`); // hands out the anti-forgery cookie
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '';
  const res = await context.request.post(`${baseUrl}/api/Account/login`, {
    data: { emailAddress: email, password },
    headers: { 'x-xsrf-token': xsrf },
  });
  const body = (await res.json()) as { errorCode?: number };
  if (!res.ok() || body.errorCode !== 0)
    throw new Error(`sign-in of ${email} failed: ${res.status()} ${JSON.stringify(body)}`);
}

/** Sign in on the sign-in page as a user does. */
export async function signInAt(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('button[type=submit]').click();
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { newPortalContext } from '../support/portalContext';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { ROOT } from '../support/testServer';
import { axeViolations } from '../support/axe';

interface FaqModule {
  Module: string;
  FAQ: Array<{ Q: string; A: string[] }>;
}
interface ReleaseNote {
  VersionNum: string;
  VersionName: string;
  ChangeLog: string[];
}
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, 'web/public/help', file), 'utf8')) as T;
const faq = readJson<FaqModule[]>('faq.json');
const newest = readJson<ReleaseNote[]>('releaseNotes.json')[0]!;
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').trim();

const EMAIL = 'user@acme-labs.example';
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function signIn(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/welcome');
}

/** A browser in which the user already dismissed the one-time notices, so none covers the help pages. */
const contextWithReleaseNotesSeen = (): Promise<BrowserContext> => newPortalContext(browser);

describe('FAQ', () => {
  it('lists the questions by module; another module tab shows its questions, and a question opens its answer', async () => {
    const context = await contextWithReleaseNotesSeen();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/app/FAQ`);
    await page.getByRole('heading', { name: 'Frequently asked questions', exact: true }).waitFor();

    const [first, second] = faq;
    await page.getByRole('tab', { name: first!.Module, selected: true }).waitFor();
    await page.getByRole('button', { name: first!.FAQ[0]!.Q }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: second!.Module }).click();
    await page.getByRole('tab', { name: second!.Module, selected: true }).waitFor();
    const entry = second!.FAQ[1]!;
    const question = page.getByRole('button', { name: entry.Q });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.getByRole('button', { name: first!.FAQ[0]!.Q }).count()).toBe(0);

    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    const answer = page.getByRole('region', { name: entry.Q });
    await answer.waitFor();
    expect(await answer.textContent()).toContain(textOf(entry.A[0]!).slice(0, 40));

    await question.press('Enter');
    await answer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a FAQ file that cannot be loaded shows an error; Try again loads it', async () => {
    const context = await contextWithReleaseNotesSeen();
    const page = await context.newPage();
    await signIn(page);
    let failures = 1;
    await page.route('**/help/faq.json', (route) =>
      failures-- > 0 ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
    );
    await page.goto(`${server.url}/app/FAQ`);
    await page.getByRole('heading', { name: 'The FAQ could not be loaded' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('tab', { name: faq[0]!.Module, selected: true }).waitFor();
    await context.close();
  });
});

describe('release notes', () => {
  it('shows the release history with the newest version first and highlighted', async () => {
    const context = await contextWithReleaseNotesSeen();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/app/releaseNote`);
    await page.getByRole('heading', { name: 'Release notes', exact: true }).waitFor();
    const history = page.getByRole('list', { name: 'Release history' });
    const firstVersion = history.getByRole('listitem').first();
    await firstVersion.getByRole('heading', { name: newest.VersionName }).waitFor();
    await firstVersion.getByText('Latest', { exact: true }).waitFor();
    await firstVersion.getByText(newest.ChangeLog[0]!).waitFor();
    await page.getByRole('button', { name: 'Back to top' }).click();
    await context.close();
  });
});

describe('release-note modal', () => {
  it('appears after sign-in for a new user; "never show again" and I know hide it, also after a reload', async () => {
    const context = await newPortalContext(browser, { show: ['releaseNote'] });
    const page = await context.newPage();
    await signIn(page);
    const dialog = page.getByRole('dialog', { name: "What's new" });
    await dialog.waitFor();
    await dialog.getByText(newest.VersionName).waitFor();
    await dialog.getByText(newest.ChangeLog[0]!).waitFor();
    expect(await dialog.getByRole('link', { name: 'View the release history' }).getAttribute('href')).toBe(
      '/app/releaseNote',
    );

    const neverShow = dialog.getByRole('checkbox', { name: 'Do not show this again' });
    await dialog.getByText('Do not show this again').click();
    await expect.poll(() => neverShow.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'I know' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const notesLoaded = page.waitForResponse((r) => r.url().endsWith('/help/releaseNotes.json'));
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await notesLoaded;
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: "What's new" }).count()).toBe(0);
    await context.close();
  });
});

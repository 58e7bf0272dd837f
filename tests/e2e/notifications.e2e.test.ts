import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { insertMessages } from '../../api-mock/src/messages/queries';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { newPortalContext } from '../support/portalContext';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';

const EMAIL = 'user@acme-labs.example';
let server: E2eServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(async () => {
  await context?.close();
  await stopE2e({ server, browser });
});

interface Stored {
  id: number;
  subject: string;
  content: string;
  category: string;
  is_read: boolean;
  created_at: Date;
  deleted_at: Date | null;
}

/** The user's notifications as the database has them, newest first (deleted ones too, to check deletes). */
const userOf = (email: string) =>
  server.database.db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

async function storedMessages(): Promise<Stored[]> {
  const db = server.database.db;
  const user = await userOf(EMAIL);
  return db
    .selectFrom('messages')
    .select(['id', 'subject', 'content', 'category', 'is_read', 'created_at', 'deleted_at'])
    .where('user_id', '=', user.id)
    .where('customer_id', '=', user.customer_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

const live = (messages: Stored[]) => messages.filter((m) => m.deleted_at === null);
const unreadCount = async () => live(await storedMessages()).filter((m) => !m.is_read).length;
/** Messages whose subject no other live message shares, so a test can find them by subject. */
const uniquelyNamed = (messages: Stored[]) =>
  messages.filter((m) => messages.filter((o) => o.subject === m.subject).length === 1);
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

async function signIn(page: Page, email = EMAIL) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/welcome');
}

const bellCount = async (page: Page) => {
  const label = await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(label ?? '')![1]);
};

/** The subjects of the list, in order, once the list shows `expected` of them. */
async function expectSubjects(list: Locator, expected: string[]) {
  const items = list.getByRole('listitem');
  // the count alone can match while the list still shows the previous order, so wait for the order itself
  const inOrder = async () => {
    const texts = await items.allInnerTexts();
    return texts.length === expected.length && texts.every((text, i) => text.includes(expected[i]!));
  };
  await expect.poll(inOrder, { timeout: 10_000 }).toBe(true);
}

describe('notifications page', () => {
  it('lists the seeded messages newest first, opens one (now read), filters, sorts, deletes one and two; the bell goes down', async () => {
    context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page);
    const unreadAtStart = await unreadCount();
    expect(unreadAtStart).toBeGreaterThan(2);
    await expect.poll(() => bellCount(page)).toBe(unreadAtStart);

    await page.goto(`${server.url}/app/notification`);
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    const list = page.getByRole('list', { name: 'Notification list' });
    const detail = page.getByRole('region', { name: 'Selected notification' });
    let messages = live(await storedMessages());
    await expectSubjects(
      list,
      messages.map((m) => m.subject),
    );
    await page.getByText(`${unreadAtStart} unread`, { exact: true }).waitFor();
    await detail.getByText('Select a notification to read it.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // open an unread message: its content shows, and the list item no longer shows the unread dot
    const unread = uniquelyNamed(messages).find((m) => !m.is_read)!;
    const unreadItem = list.getByRole('listitem').filter({ hasText: unread.subject });
    await unreadItem.getByRole('img', { name: 'Unread' }).waitFor();
    await unreadItem.getByRole('button', { name: unread.subject }).click();
    await detail.getByRole('heading', { name: unread.subject }).waitFor();
    const firstParagraph = textOf(/<p>(.*?)<\/p>/.exec(unread.content)![1]!);
    await detail.getByText(firstParagraph).waitFor();
    await unreadItem.getByRole('img', { name: 'Unread' }).waitFor({ state: 'detached' });
    await page.getByText(`${unreadAtStart - 1} unread`, { exact: true }).waitFor();
    expect((await storedMessages()).find((m) => m.id === unread.id)!.is_read).toBe(true);

    // an attachment downloads through a signed link
    const withFile = await server.database.db
      .selectFrom('message_attachments')
      .select(['message_id', 'file_name'])
      .where(
        'message_id',
        'in',
        uniquelyNamed(messages).map((m) => m.id),
      )
      .executeTakeFirstOrThrow();
    const fileMessage = messages.find((m) => m.id === withFile.message_id)!;
    await list.getByRole('listitem').filter({ hasText: fileMessage.subject }).getByRole('button').first().click();
    await detail.getByRole('heading', { name: fileMessage.subject }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: `Download ${withFile.file_name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(withFile.file_name);

    // filter by category, then oldest first within it
    messages = live(await storedMessages());
    const serviceRequests = messages.filter((m) => m.category === 'serviceRequest');
    expect(serviceRequests.length).toBeLessThan(messages.length);
    await page.getByLabel('Category').selectOption({ label: 'Service requests' });
    await expectSubjects(
      list,
      serviceRequests.map((m) => m.subject),
    );
    await page.getByLabel('Sort').selectOption({ label: 'Oldest first' });
    await expectSubjects(
      list,
      [...serviceRequests].reverse().map((m) => m.subject),
    );
    await page.getByLabel('Category').selectOption({ label: 'All' });
    await page.getByLabel('Sort').selectOption({ label: 'Newest first' });
    await expectSubjects(
      list,
      messages.map((m) => m.subject),
    );

    // delete one: cancelling keeps it, confirming deletes it
    const single = uniquelyNamed(messages).find((m) => !m.is_read && m.id !== unread.id)!;
    const singleItem = list.getByRole('listitem').filter({ hasText: single.subject });
    await singleItem.getByRole('button', { name: 'Delete notification' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete? Deleted notifications cannot be restored.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await singleItem.count()).toBe(1);
    await singleItem.getByRole('button', { name: 'Delete notification' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await singleItem.waitFor({ state: 'detached' });
    await page.getByText('Deleted.').first().waitFor();
    expect((await storedMessages()).find((m) => m.id === single.id)!.deleted_at).not.toBeNull();

    // batch mode: tick two, delete them after the confirmation
    const pair = uniquelyNamed(messages)
      .filter((m) => m.id !== single.id)
      .slice(0, 2);
    expect(pair).toHaveLength(2);
    await page.getByText('Select several', { exact: true }).click();
    // a user clicks the drawn box, which is the checkbox's label
    for (const m of pair)
      await list
        .getByRole('checkbox', { name: `Select: ${m.subject}` })
        .locator('..')
        .click();
    for (const m of pair)
      await expect.poll(() => list.getByRole('checkbox', { name: `Select: ${m.subject}` }).isChecked()).toBe(true);
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    for (const m of pair)
      await list.getByRole('listitem').filter({ hasText: m.subject }).waitFor({ state: 'detached' });
    await page.getByText('0 selected').waitFor();
    const after = await storedMessages();
    for (const m of pair) expect(after.find((a) => a.id === m.id)!.deleted_at).not.toBeNull();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(messages.length - 3);

    // the bell shows the lower count at once: the hub pushes it after the user's own reads and deletes
    const unreadNow = await unreadCount();
    expect(unreadNow).toBeLessThan(unreadAtStart - 1);
    await expect.poll(() => bellCount(page)).toBe(unreadNow);
    await page.reload();
    await expect.poll(() => bellCount(page)).toBe(unreadNow);
  });

  it('while the hub cannot connect, the bell asks the server for the count', async () => {
    const refused = await newPortalContext(browser);
    await refused.routeWebSocket('**/signalr', (ws) => ws.close());
    const page = await refused.newPage();
    const asked = page.waitForResponse((r) => r.url().includes('/api/Message/unread/count') && r.ok());
    await signIn(page);
    await page.locator('[data-hub="reconnecting"]').waitFor();
    await asked;
    const unread = await unreadCount();
    expect(unread).toBeGreaterThan(0);
    await expect.poll(() => bellCount(page)).toBe(unread);
    await refused.close();
  });

  it('remembers the list width set with the keyboard, between 350 and 700 px', async () => {
    const ctx = await newPortalContext(browser);
    const page = await ctx.newPage();
    await signIn(page);
    await page.goto(`${server.url}/app/notification`);
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    const splitter = page.getByRole('separator', { name: 'Resize the notification list' });
    expect(await splitter.getAttribute('aria-valuenow')).toBe('400');
    await splitter.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => splitter.getAttribute('aria-valuenow')).toBe('460');
    const listWidth = () => page.locator('#notification-list').evaluate((el) => el.getBoundingClientRect().width);
    await expect.poll(listWidth).toBe(460);
    await page.reload();
    await expect.poll(() => splitter.getAttribute('aria-valuenow')).toBe('460');
    await page.keyboard.press('Tab');
    await splitter.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => splitter.getAttribute('aria-valuenow')).toBe('700');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => splitter.getAttribute('aria-valuenow')).toBe('350');
    await ctx.close();
  });

  it('scrolling to the end of the list loads the next page, and no page beyond the total', async () => {
    const manager = await userOf('manager@acme-labs.example');
    await server.database.db.transaction().execute((trx) =>
      insertMessages(
        trx,
        Array.from({ length: 60 }, (_, i) => ({
          customer_id: manager.customer_id,
          user_id: manager.id,
          subject: `Bulk notice ${i + 1}`,
          content: `<p>Bulk notice ${i + 1}</p>`,
          category: 'system' as const,
          created_at: new Date(Date.now() - (i + 1) * 60_000),
        })),
      ),
    );
    const total = await server.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', manager.id)
      .where('customer_id', '=', manager.customer_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const ctx = await newPortalContext(browser);
    const page = await ctx.newPage();
    const pagesAsked: number[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/Message/list') pagesAsked.push(Number(url.searchParams.get('pageIndex')));
    });
    await signIn(page, 'manager@acme-labs.example');
    await page.goto(`${server.url}/app/notification`);
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    const items = page.getByRole('list', { name: 'Notification list' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    await page.locator('#notification-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => items.count()).toBe(Number(total.n));
    await page.getByText('All notifications are shown.').waitFor();
    await page.locator('#notification-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForLoadState('networkidle');
    expect(pagesAsked).toEqual([0, 1]);
    await ctx.close();
  });
});

/**
 * Records the help tutorials (spec 3, "Help tutorials") as short, real screen recordings of the portal: builds the
 * web app, starts the reference server in-process, drives a journey in Chromium with a human pace, captures the
 * frames with the DevTools screencast and encodes them with ffmpeg (VP9 WebM plus a JPEG poster) into
 * web/public/help/tutorials/, then updates web/public/help/tutorials.json.
 *
 *   npm run tutorials               # every tutorial of TUTORIALS
 *   npm run tutorials -- overview   # only the named ones (the others stay listed as they are)
 *
 * Needs ffmpeg (apt-get install -y ffmpeg) and Chromium; the recorded files are committed, so tests do not.
 * Each tutorial is a journey over screens that exist.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../api-mock/src/seed/demoAccounts';
import { launchBrowser } from '../tests/support/browser';
import { newPortalContext } from '../tests/support/portalContext';
import { signInAt } from '../tests/support/e2e';
import { ROOT, startTestServer } from '../tests/support/testServer';

const OUT_DIR = path.join(ROOT, 'web/public/help/tutorials');
const LIST_FILE = path.join(ROOT, 'web/public/help/tutorials.json');
const WIDTH = 1280;
const HEIGHT = 720;
const MAX_BYTES = 2 * 1024 * 1024;

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

interface Journey {
  page: Page;
  baseUrl: string;
  /** Marks the frame shown now as the poster. */
  markPoster: () => void;
}

interface Tutorial {
  id: string;
  /** Runs before the recording starts: the demo data the journey shows, signing in, the first screen. */
  before?: (page: Page, server: TestServer) => Promise<void>;
  run: (journey: Journey) => Promise<void>;
}

export interface TutorialEntry {
  id: string;
  video: string;
  poster: string;
  durationSeconds: number;
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Moves the (drawn) pointer to the element like a hand would. */
async function moveTo(page: Page, target: Locator) {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`no box for ${String(target)}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 18 });
  await pause(page, 250);
}

/** Moves the pointer to the element, then clicks it. */
async function clickOn(page: Page, target: Locator, after = 900) {
  await moveTo(page, target);
  await target.click();
  await pause(page, after);
}

/** Clicks into a field and types like a person. */
async function typeInto(page: Page, field: Locator, text: string, after = 600) {
  await clickOn(page, field, 200);
  await field.pressSequentially(text, { delay: 65 });
  await pause(page, after);
}

/** Picks an option of a native select (its drop-down list is not in the screencast, the chosen value is). */
async function choose(page: Page, select: Locator, label: string, after = 700) {
  await moveTo(page, select);
  await select.selectOption({ label });
  await pause(page, after);
}

/** Overview and navigation: sign in, the main menu, the header menus, notifications, the theme and the FAQ. */
async function overview({ page, baseUrl, markPoster }: Journey) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').waitFor();
  await pause(page, 1200);
  await clickOn(page, page.locator('#login-email'), 200);
  await page.locator('#login-email').pressSequentially('user@acme-labs.example', { delay: 55 });
  await clickOn(page, page.locator('#login-password'), 200);
  await page.locator('#login-password').pressSequentially(DEMO_PASSWORD, { delay: 70 });
  await pause(page, 500);
  await clickOn(page, page.locator('button[type=submit]'), 0);
  await page.waitForURL('**/app/welcome');
  await page
    .getByRole('heading', { level: 1 })
    .or(page.getByRole('heading', { level: 2 }))
    .first()
    .waitFor();
  await pause(page, 1800);
  markPoster();

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await clickOn(page, menu.getByLabel('Analytics', { exact: true }), 2500);
  await clickOn(page, menu.getByLabel('Education and training', { exact: true }), 2500);
  await clickOn(page, menu.getByLabel('Welcome', { exact: true }), 1500);

  await clickOn(page, page.getByRole('button', { name: 'Help', exact: true }), 1800);
  await page.keyboard.press('Escape');
  await pause(page, 600);

  await clickOn(page, page.getByRole('button', { name: /^Notifications/ }), 0);
  await page.waitForURL('**/app/notification');
  await pause(page, 2000);
  const firstNotification = page.getByRole('list', { name: 'Notification list' }).getByRole('button').first();
  if (await firstNotification.isVisible().catch(() => false)) await clickOn(page, firstNotification, 2200);

  await clickOn(page, page.getByRole('button', { name: /^Account menu/ }), 800);
  await clickOn(page, page.getByRole('menuitem', { name: 'Theme' }), 900);
  await clickOn(page, page.getByRole('menuitemradio', { name: 'Cold' }), 2200);
  await page.keyboard.press('Escape');
  await pause(page, 400);

  await clickOn(page, page.getByRole('button', { name: 'Help', exact: true }), 900);
  await clickOn(page, page.getByRole('menuitem', { name: 'FAQ' }), 0);
  await page.waitForURL('**/app/FAQ');
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  await pause(page, 1500);
  await clickOn(page, page.getByRole('main').getByRole('button').first(), 3000);
}

/** Signs in as the standard demo user and opens the inventory with its first page of equipment. */
async function openInventory(page: Page, server: TestServer) {
  await signInAt(page, server.url, 'user@acme-labs.example');
  await page.waitForURL('**/app/welcome');
  await page.goto(`${server.url}/app/product`);
  await page.getByText(/^1–30 of \d+/).waitFor();
  await page.mouse.move(WIDTH / 2, HEIGHT - 40);
}

/** Opens a column's header menu: the menu button shows when the pointer is over the header. */
async function openColumnMenu(page: Page, name: string) {
  const header = page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: name }).first();
  await moveTo(page, header);
  await pause(page, 400);
  await clickOn(page, header.locator('.bp6-table-th-menu'), 700);
}

/** Products overview: search, a column filter and its chip, sorting, tiles, a saved view, documents, export. */
async function productsOverview({ page, markPoster }: Journey) {
  await pause(page, 1500);
  const search = page.getByRole('searchbox', { name: 'Search all equipment fields' });
  await typeInto(page, search, 'lambda', 0);
  await page.getByText(/^1–\d+ of \d+/).waitFor();
  await pause(page, 2200);
  await search.press('ControlOrMeta+a');
  await search.press('Backspace');
  await pause(page, 1500);

  await openColumnMenu(page, 'Make');
  await clickOn(page, page.getByRole('menuitem', { name: 'Filter…' }), 1000);
  const filter = page.getByRole('dialog', { name: 'Filter: Make' });
  await clickOn(page, filter.getByText('Agilent', { exact: true }), 700);
  await clickOn(page, filter.getByRole('button', { name: 'Apply' }), 0);
  await page.getByText('Make: Agilent').waitFor();
  await pause(page, 1800);

  await openColumnMenu(page, 'Model');
  await clickOn(page, page.getByRole('menuitem', { name: 'Sort descending' }), 1800);
  await page.mouse.move(WIDTH / 2, HEIGHT - 40, { steps: 12 });
  await pause(page, 500);
  markPoster();

  await clickOn(page, page.getByRole('button', { name: 'Show as tiles' }), 0);
  await page.getByRole('list', { name: 'Equipment' }).waitFor();
  await pause(page, 2500);
  await clickOn(page, page.getByRole('button', { name: 'Show as a list' }), 1500);

  await clickOn(page, page.getByRole('button', { name: 'Saved view: Initial layout' }), 1000);
  await clickOn(page, page.getByRole('button', { name: 'Add new view' }), 800);
  const add = page.getByRole('dialog', { name: 'Add new view' });
  await typeInto(page, add.getByLabel('View name'), 'Agilent by model', 500);
  await clickOn(page, add.getByRole('button', { name: 'Save' }), 0);
  await page.getByRole('button', { name: 'Saved view: Agilent by model' }).waitFor();
  await pause(page, 2000);

  await clickOn(page, page.locator('[data-testid^="row-actions-"]').first(), 900);
  await clickOn(page, page.getByRole('menuitem', { name: 'Documents' }), 0);
  const documents = page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
  await documents.getByRole('tab', { name: /^Documents/ }).waitFor();
  await pause(page, 2500);
  await clickOn(page, documents.getByRole('button', { name: 'Close' }).last(), 0);
  await documents.waitFor({ state: 'hidden' });
  await pause(page, 800);

  await clickOn(page, page.getByRole('button', { name: 'Export' }), 0);
  await page.getByText('The list was exported.').waitFor();
  await pause(page, 2000);
}

/** The instruments of Acme Labs get a lab manager, so the service request can notify one. */
async function withLabManager(server: TestServer) {
  const db = server.database.db;
  const manager = await db
    .selectFrom('users')
    .select(['customer_id', 'first_name', 'last_name', 'email'])
    .where('email', '=', 'manager@acme-labs.example')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('equipment')
    .set({ contact_mgr_name: `${manager.first_name} ${manager.last_name}`, contact_mgr_email: manager.email })
    .where('customer_id', '=', manager.customer_id)
    .execute();
}

/** Service overview: a service request from a row's action menu, and one from the header for a chosen instrument. */
async function serviceOverview({ page, markPoster }: Journey) {
  await pause(page, 1200);
  await clickOn(page, page.locator('[data-testid^="row-actions-"]').first(), 900);
  await clickOn(page, page.getByRole('menuitem', { name: 'New service request' }), 0);
  let dialog = page.getByRole('dialog', { name: 'New service request' });
  await dialog.getByLabel('Issue type').waitFor();
  await pause(page, 1800);
  await choose(page, dialog.getByLabel('Issue type'), 'Qualification');
  await choose(page, dialog.getByLabel('Priority'), 'High');
  await typeInto(page, dialog.getByLabel('Describe the issue'), 'The yearly qualification is due next month.', 500);
  await clickOn(page, dialog.getByText('Notify the lab manager'), 1800);
  markPoster();
  await clickOn(page, dialog.getByRole('button', { name: 'Submit' }), 0);
  await page.getByText(/^Your service request SR\d{8} has been submitted\./).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await pause(page, 3000);

  await clickOn(page, page.locator('.portal-header').getByRole('button', { name: 'New service request' }), 0);
  dialog = page.getByRole('dialog', { name: 'New service request' });
  await dialog.getByLabel('Issue type').waitFor();
  await pause(page, 1200);
  await clickOn(page, dialog.getByText('Request service for a specific instrument'), 800);
  await typeInto(page, dialog.getByRole('combobox', { name: /^Instrument/ }), 'lambda', 0);
  await clickOn(page, page.getByRole('option', { name: /LAMBDA/ }).first(), 0);
  await dialog.getByText('Serial number').waitFor();
  await pause(page, 1500);
  await choose(page, dialog.getByLabel('Priority'), 'Urgent');
  await typeInto(page, dialog.getByLabel('Describe the issue'), 'The lamp does not ignite.', 500);
  await clickOn(page, dialog.getByText('Notify the lab manager'), 1200);
  await clickOn(page, dialog.getByRole('button', { name: 'Submit' }), 0);
  await page.getByText(/^Your service request SR\d{8} has been submitted\./).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await pause(page, 2500);
}

/** Tomorrow from 12:00 to 17:00 (the machine's zone, UTC) is free on every instrument, so the journey can reserve. */
async function withFreeAfternoonTomorrow(server: TestServer) {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const at = (hour: number) => new Date(new Date(tomorrow).setHours(hour, 0, 0, 0));
  await server.database.db
    .deleteFrom('reservations')
    .where('start_date', '<', at(17))
    .where('end_date', '>', at(12))
    .execute();
}

/** Calendar overview: the week, moving in time, a reservation's details, the day view, reserving, sidebar, search. */
async function calendarOverview({ page, baseUrl, markPoster }: Journey) {
  await pause(page, 1000);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await clickOn(page, menu.getByLabel('Calendar', { exact: true }), 0);
  await page.waitForURL(`${baseUrl}/app/calendar`);
  const board = page.locator('.calendar-board');
  await board.waitFor();
  await page.getByRole('button', { name: 'Next week' }).and(page.locator(':enabled')).waitFor();
  await pause(page, 2200);
  markPoster();

  await clickOn(page, page.getByRole('button', { name: 'Next week' }), 1600);
  await clickOn(page, page.getByRole('button', { name: 'Previous week' }), 1200);
  await clickOn(page, page.getByRole('button', { name: 'Today', exact: true }), 1500);

  const block = board.locator('button.calendar-block').first();
  await clickOn(page, block, 2600);
  await page.keyboard.press('Escape');
  await pause(page, 700);

  await clickOn(page, page.getByRole('button', { name: 'Day', exact: true }), 1800);
  await clickOn(page, page.getByRole('button', { name: 'Next day' }), 0);
  await page.getByRole('button', { name: 'Next day' }).and(page.locator(':enabled')).waitFor();
  await pause(page, 1500);
  const slot = board.getByRole('button', { name: /^Add a reservation on .* 1:00 PM$/ }).nth(3);
  await clickOn(page, slot, 0);
  const dialog = page.getByRole('dialog', { name: 'Add reservation' });
  await dialog.getByLabel('End', { exact: false }).first().waitFor();
  await pause(page, 1500);
  const end = dialog.locator('input[type="datetime-local"]').nth(1);
  const endValue = await end.inputValue();
  await moveTo(page, end);
  await end.fill(endValue.replace('T14:00', 'T15:30'));
  await pause(page, 900);
  await typeInto(page, dialog.getByRole('textbox', { name: /^Comments/ }), 'Dissolution test, batch 2207', 700);
  await clickOn(page, dialog.getByRole('button', { name: 'Save' }), 0);
  await page.getByText('The reservation was saved.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await pause(page, 2500);

  await clickOn(page, page.getByRole('button', { name: 'Week', exact: true }), 1500);
  const sidebar = page.locator('.calendar-sidebar');
  await moveTo(page, sidebar.getByText('Underlined days have reservations.'));
  await pause(page, 1200);
  await clickOn(page, sidebar.getByText('My reservations', { exact: true }), 2200);
  await clickOn(page, sidebar.getByText('All reservations', { exact: true }), 1500);

  const search = page.getByRole('searchbox', { name: 'Search reservations' });
  await typeInto(page, search, 'dissolution', 200);
  await search.press('Enter');
  await page.getByText('Dissolution test, batch 2207').first().waitFor();
  await pause(page, 2600);
  await clickOn(page, page.getByRole('button', { name: 'Reset search' }), 0);
  await board.waitFor();
  await pause(page, 2000);
}

/** The tutorials, in the order of the page. */
export const TUTORIALS: readonly Tutorial[] = [
  { id: 'overview', run: overview },
  { id: 'productsOverview', before: (page, server) => openInventory(page, server), run: productsOverview },
  {
    id: 'serviceOverview',
    before: async (page, server) => {
      await withLabManager(server);
      await openInventory(page, server);
    },
    run: serviceOverview,
  },
  {
    id: 'calendarOverview',
    before: async (page, server) => {
      await withFreeAfternoonTomorrow(server);
      await signInAt(page, server.url, 'user@acme-labs.example');
      await page.waitForURL('**/app/welcome');
      await page.mouse.move(WIDTH / 2, HEIGHT - 40);
    },
    run: calendarOverview,
  },
];

interface Frame {
  file: string;
  timestamp: number;
}

async function record(tutorial: Tutorial, server: TestServer, work: string): Promise<TutorialEntry> {
  const browser = await launchBrowser();
  try {
    const context = await newPortalContext(browser);
    await context.addInitScript(() => {
      // A drawn pointer: a headless screencast shows no mouse cursor.
      window.addEventListener('DOMContentLoaded', () => {
        const dot = document.createElement('div');
        dot.setAttribute('aria-hidden', 'true');
        dot.style.cssText =
          'position:fixed;left:-40px;top:-40px;width:18px;height:18px;margin:-9px 0 0 -9px;border-radius:50%;' +
          'background:rgba(45,114,210,.45);border:2px solid rgba(255,255,255,.9);box-shadow:0 0 3px rgba(0,0,0,.5);' +
          'pointer-events:none;z-index:2147483647;transition:transform .12s';
        document.body.appendChild(dot);
        window.addEventListener('mousemove', (e) => {
          dot.style.left = `${e.clientX}px`;
          dot.style.top = `${e.clientY}px`;
        });
        window.addEventListener('mousedown', () => (dot.style.transform = 'scale(.7)'));
        window.addEventListener('mouseup', () => (dot.style.transform = ''));
      });
    });
    const page = await context.newPage();
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await tutorial.before?.(page, server);
    const cdp = await context.newCDPSession(page);
    const frames: Frame[] = [];
    let posterIndex = -1;
    cdp.on('Page.screencastFrame', (event) => {
      const file = path.join(work, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
      writeFileSync(file, Buffer.from(event.data, 'base64'));
      frames.push({ file, timestamp: event.metadata.timestamp ?? Date.now() / 1000 });
      void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
    });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: WIDTH,
      maxHeight: HEIGHT,
      everyNthFrame: 1,
    });
    await tutorial.run({ page, baseUrl: server.url, markPoster: () => (posterIndex = frames.length - 1) });
    await pause(page, 1500);
    const end = Date.now() / 1000;
    await cdp.send('Page.stopScreencast');
    await context.close();
    if (frames.length < 2) throw new Error(`${tutorial.id}: only ${frames.length} frames were captured`);

    // The concat demuxer shows each frame for the time until the next one (the last until the end).
    const lastTimestamp = frames[frames.length - 1]!.timestamp;
    const endTimestamp = Math.min(Math.max(lastTimestamp + 0.5, end), lastTimestamp + 5);
    const lines = ['ffconcat version 1.0'];
    frames.forEach((frame, i) => {
      const next = frames[i + 1]?.timestamp ?? endTimestamp;
      lines.push(`file '${frame.file}'`, `duration ${Math.max(next - frame.timestamp, 0.001).toFixed(4)}`);
    });
    lines.push(`file '${frames[frames.length - 1]!.file}'`);
    const list = path.join(work, 'frames.ffconcat');
    writeFileSync(list, `${lines.join('\n')}\n`);
    const durationSeconds = Math.round(endTimestamp - frames[0]!.timestamp);

    mkdirSync(OUT_DIR, { recursive: true });
    const fit = `scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=white`;
    const video = path.join(OUT_DIR, `${tutorial.id}.webm`);
    const encode = (crf: number) =>
      execFileSync(
        'ffmpeg',
        ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list]
          .concat(['-vf', `${fit},fps=15,format=yuv420p`, '-an'])
          .concat(['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(crf), '-deadline', 'good', '-cpu-used', '2'])
          .concat(['-row-mt', '1', '-g', '150', video]),
        { stdio: 'inherit' },
      );
    for (const crf of [36, 42, 48, 54]) {
      encode(crf);
      if (statSync(video).size <= MAX_BYTES) break;
    }
    if (statSync(video).size > MAX_BYTES) throw new Error(`${video} is larger than ${MAX_BYTES} bytes`);

    const posterFrame = frames[posterIndex >= 0 ? posterIndex : Math.floor(frames.length / 2)]!.file;
    const poster = path.join(OUT_DIR, `${tutorial.id}.jpg`);
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', posterFrame, '-vf', fit, '-q:v', '4', poster], {
      stdio: 'inherit',
    });
    console.log(
      `${tutorial.id}: ${frames.length} frames, ${durationSeconds} s, ` +
        `${statSync(video).size} bytes video, ${statSync(poster).size} bytes poster`,
    );
    return {
      id: tutorial.id,
      video: `help/tutorials/${tutorial.id}.webm`,
      poster: `help/tutorials/${tutorial.id}.jpg`,
      durationSeconds,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !TUTORIALS.some((t) => t.id === id));
  if (unknown.length) throw new Error(`No tutorial journey named ${unknown.join(', ')}`);
  const chosen = TUTORIALS.filter((t) => wanted.length === 0 || wanted.includes(t.id));

  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startTestServer({ listen: true });
  const previous: TutorialEntry[] = existsSync(LIST_FILE)
    ? (JSON.parse(readFileSync(LIST_FILE, 'utf8')) as TutorialEntry[])
    : [];
  const recorded = new Map<string, TutorialEntry>();
  try {
    for (const tutorial of chosen) {
      const work = mkdtempSync(path.join(os.tmpdir(), `tutorial-${tutorial.id}-`));
      try {
        recorded.set(tutorial.id, await record(tutorial, server, work));
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
  } finally {
    await server.close();
  }
  // Only tutorials with a journey are listed, in the order of TUTORIALS.
  const entries = TUTORIALS.map((t) => recorded.get(t.id) ?? previous.find((p) => p.id === t.id)).filter(
    (e): e is TutorialEntry => e !== undefined,
  );
  writeFileSync(LIST_FILE, `${JSON.stringify(entries, null, 2)}\n`);
  // The build above copied the previous files into web/dist: refresh them there too, so no rebuild is needed.
  const dist = path.join(ROOT, 'web/dist');
  if (existsSync(dist)) {
    for (const entry of recorded.values())
      for (const file of [entry.video, entry.poster])
        cpSync(path.join(ROOT, 'web/public', file), path.join(dist, file));
    cpSync(LIST_FILE, path.join(dist, 'help/tutorials.json'));
  }
  console.log(`wrote ${path.relative(ROOT, LIST_FILE)} (${entries.map((e) => e.id).join(', ')})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

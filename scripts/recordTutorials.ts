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
 * Each tutorial is a journey over screens that exist: add one to TUTORIALS when its screens are built
 * (products overview, service overview and calendar overview are still to come).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../api-mock/src/seed/demoAccounts';
import { launchBrowser } from '../tests/support/browser';
import { newPortalContext } from '../tests/support/portalContext';
import { ROOT, startTestServer } from '../tests/support/testServer';

const OUT_DIR = path.join(ROOT, 'web/public/help/tutorials');
const LIST_FILE = path.join(ROOT, 'web/public/help/tutorials.json');
const WIDTH = 1280;
const HEIGHT = 720;
const MAX_BYTES = 2 * 1024 * 1024;

interface Journey {
  page: Page;
  baseUrl: string;
  /** Marks the frame shown now as the poster. */
  markPoster: () => void;
}

interface Tutorial {
  id: string;
  run: (journey: Journey) => Promise<void>;
}

export interface TutorialEntry {
  id: string;
  video: string;
  poster: string;
  durationSeconds: number;
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Moves the (drawn) pointer to the element like a hand would, then clicks it. */
async function clickOn(page: Page, target: Locator, after = 900) {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`no box for ${String(target)}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 18 });
  await pause(page, 250);
  await target.click();
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

/** The tutorials, in the order of the page. Add products, service and calendar when their screens exist. */
export const TUTORIALS: readonly Tutorial[] = [{ id: 'overview', run: overview }];

interface Frame {
  file: string;
  timestamp: number;
}

async function record(tutorial: Tutorial, baseUrl: string, work: string): Promise<TutorialEntry> {
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
    await tutorial.run({ page, baseUrl, markPoster: () => (posterIndex = frames.length - 1) });
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
        recorded.set(tutorial.id, await record(tutorial, server.url, work));
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { launchBrowser } from '../support/browser';
import { newPortalContext } from '../support/portalContext';
import { startTestServer } from '../support/testServer';
import { axeViolations } from '../support/axe';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('help tutorials', () => {
  it('the help menu opens the tutorials; each has its guide and a real recording, and the overview plays', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail address').fill('user@acme-labs.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app/welcome');

    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Help tutorials' }).click();
    await page.waitForURL('**/app/helpTutorials');
    await page.getByRole('heading', { name: 'Help tutorials', exact: true }).waitFor();

    const card = page.getByRole('region', { name: 'Overview and navigation' });
    await card.waitFor();
    const steps = card.getByRole('list', { name: 'Steps shown in Overview and navigation' });
    await expect.poll(() => steps.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    await steps.getByText('Sign in with your e-mail address and password', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const video = card.locator('video');
    expect(await video.getAttribute('aria-label')).toBe('Tutorial video: Overview and navigation');
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('controls')).not.toBeNull();
    const poster = await video.getAttribute('poster');
    expect(poster).toMatch(/\.jpg$/);
    const src = await card.locator('video source').getAttribute('src');
    expect(src).toMatch(/\.webm$/);

    const files = await page.evaluate(
      async ([videoUrl, posterUrl]) => {
        const answer = async (url: string) => {
          const r = await fetch(url);
          return { status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength };
        };
        return { video: await answer(videoUrl!), poster: await answer(posterUrl!) };
      },
      [src, poster],
    );
    expect(files.video.status).toBe(200);
    expect(files.video.type).toMatch(/^video\//);
    expect(files.video.size).toBeGreaterThan(50_000);
    expect(files.poster.status).toBe(200);
    expect(files.poster.type).toMatch(/^image\/jpeg/);

    // Keyboard: the video itself takes the focus (its native controls are operable with the keyboard).
    await video.focus();
    await expect.poll(() => video.evaluate((v) => v === document.activeElement)).toBe(true);

    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 15_000,
    });
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      width: v.videoWidth,
      height: v.videoHeight,
      duration: v.duration,
    }));
    expect(state.width).toBe(1280);
    expect(state.height).toBe(720);
    expect(state.duration).toBeGreaterThan(10);

    // The products, service and calendar tutorials follow, each with its guide, poster and recording.
    for (const [title, step] of [
      ['Products overview', 'Type a word in the search field'],
      ['Service overview', 'choose New service request'],
      ['Calendar overview', 'select the plus on a free half-hour slot'],
    ] as const) {
      const other = page.getByRole('region', { name: title });
      await other
        .getByRole('list', { name: `Steps shown in ${title}` })
        .getByText(step, { exact: false })
        .waitFor();
      const otherSrc = await other.locator('video source').getAttribute('src');
      const otherPoster = await other.locator('video').getAttribute('poster');
      const sizes = await page.evaluate(
        async (urls) => Promise.all(urls.map(async (url) => (await (await fetch(url!)).arrayBuffer()).byteLength)),
        [otherSrc, otherPoster],
      );
      expect(otherSrc).toMatch(/\.webm$/);
      expect(sizes[0]).toBeGreaterThan(50_000);
      expect(sizes[1]).toBeGreaterThan(5_000);
    }
    expect(await page.getByRole('main').getByRole('region').count()).toBe(4);
    await context.close();
  });

  it('a tutorial list that cannot be loaded shows an error; Try again loads it', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail address').fill('user@acme-labs.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app/welcome');
    let failures = 1;
    await page.route('**/help/tutorials.json', (route) =>
      failures-- > 0 ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
    );
    await page.goto(`${server.url}/app/helpTutorials`);
    await page.getByRole('heading', { name: 'The tutorials could not be loaded' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('region', { name: 'Overview and navigation' }).waitFor();
    await context.close();
  });
});

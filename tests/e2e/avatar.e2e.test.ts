import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { png, pngOf } from '../support/images';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** Records the upload traffic of a page: signed-URL requests, byte uploads to the store and the avatar call. */
function uploadTraffic(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    const tracked =
      url.pathname.endsWith('/Storage/uploadUrl') ||
      url.pathname.endsWith('/Users/profile/avatar') ||
      (r.method() === 'PUT' && url.pathname.startsWith('/files/'));
    if (tracked) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

/** The avatar in the header's account button, once its image has really loaded: its natural width. */
const headerAvatar = (page: Page) => page.locator('.portal-header button[aria-label^="Account menu"] img');
const loadedWidth = (page: Page) =>
  headerAvatar(page).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

const RED = [220, 0, 0] as const;
const BLUE = [0, 0, 220] as const;

/** Whether an image (found by `selector`) has loaded with red at the top centre and blue at the bottom centre. */
const redAboveBlue = (page: Page, selector: string) =>
  page.waitForFunction(
    ({ selector, red, blue }) => {
      const img = document.querySelector<HTMLImageElement>(selector);
      if (!img?.complete || img.naturalWidth === 0) return false;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const near = (x: number, y: number, rgb: readonly number[]) =>
        Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3)).every((v, i) => Math.abs(v - rgb[i]!) < 40);
      const middle = Math.floor(canvas.width / 2);
      return near(middle, 4, red) && near(middle, canvas.height - 5, blue);
    },
    { selector, red: RED, blue: BLUE },
  );

const avatarOf = (email: string) =>
  server.database.db
    .selectFrom('users')
    .select(['avatar_key', 'avatar_thumbnail_key'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

async function openMyAccount(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page.waitForURL('**/app/userManagement/myAccount');
  await page.getByRole('table', { name: 'My account' }).waitFor();
}

/** A new browser context signed in as `email`, on the welcome page, and the name its account menu shows. */
async function signedIn(email: string) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  const menu = await page.getByRole('button', { name: /^Account menu: / }).getAttribute('aria-label');
  return { context, page, name: menu!.replace('Account menu: ', '') };
}

describe('avatar', () => {
  it('a user uploads a PNG on My account and sees its 64 px thumbnail in the header, also after a reload', async () => {
    const { context, page, name } = await signedIn('manager@acme-labs.example');
    expect(await headerAvatar(page).count()).toBe(0);
    await openMyAccount(page, name);
    const traffic = uploadTraffic(page);

    // The keyboard opens the dialog.
    const upload = page.getByRole('button', { name: 'Upload photo' });
    await upload.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload your photo' });
    await dialog.waitFor();

    // Nothing chosen: Save says so.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('Please choose a new photo.').waitFor();

    const input = dialog.getByLabel('Photo file');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(300, 150) });
    await dialog.getByRole('img', { name: 'Preview of me.png' }).waitFor();
    await dialog.getByRole('img', { name: 'Thumbnail of 64 px' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your photo has been saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(traffic).toEqual([
      'POST /api/Storage/uploadUrl',
      expect.stringMatching(/^PUT \/files\/portal-avatar\/.+\.png$/),
      'POST /api/Storage/uploadUrl',
      expect.stringMatching(/^PUT \/files\/portal-avatar\/.+\.png$/),
      'POST /api/Users/profile/avatar',
    ]);

    // The header shows the thumbnail (made in the browser on a 64 px square canvas), the page the photo.
    await expect.poll(() => loadedWidth(page)).toBe(64);
    await page.getByRole('main').getByRole('img', { name: 'Your photo' }).waitFor();
    const stored = await avatarOf('manager@acme-labs.example');
    expect(stored.avatar_key).toMatch(/\/Avatar\/[0-9a-f]+\.png$/);
    expect(stored.avatar_thumbnail_key).toMatch(/\/Avatar\/[0-9a-f]+\.png$/);

    await page.reload();
    await page.getByRole('table', { name: 'My account' }).waitFor();
    await expect.poll(() => loadedWidth(page)).toBe(64);
    await context.close();
  });

  it('crops in the editor: zoomed to 200 % and turned right, the saved photo, the header thumbnail and the user list show the crop', async () => {
    const { context, page, name } = await signedIn('admin@acme-labs.example');
    await openMyAccount(page, name);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload your photo' });
    // 800 x 400: red on the left half, blue on the right; the circle starts on the middle 400 x 400.
    const halves = pngOf(800, 400, (x) => (x < 400 ? RED : BLUE));
    await dialog.getByLabel('Photo file').setInputFiles({ name: 'halves.png', mimeType: 'image/png', buffer: halves });
    await dialog.getByRole('group', { name: 'Photo in the circle' }).waitFor();
    await dialog.getByRole('img', { name: 'Thumbnail of 64 px' }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('[role="slider"][aria-label="Zoom"]')?.getAttribute('aria-valuenow') === '200',
    );
    await dialog.getByRole('button', { name: 'Rotate right' }).click();
    // Turned right, the red half is on top; the preview is made from the new crop before Save is offered.
    await redAboveBlue(page, 'img[alt="Thumbnail of 64 px"]');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your photo has been saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await redAboveBlue(page, '.portal-header button[aria-label^="Account menu"] img');
    // At 200 % the circle covers half of the 400 px side: the saved photo is that 200 px square.
    const photo = page.getByRole('main').getByRole('img', { name: 'Your photo' });
    await photo.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('main img[alt="Your photo"]');
      return img?.complete === true && img.naturalWidth === 200 && img.naturalHeight === 200;
    });

    // Colleagues see the crop too: beside the name in the user list.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/app/userManagement');
    await page.getByRole('img', { name: `Photo of ${name}` }).waitFor();
    await redAboveBlue(page, `img[alt="Photo of ${name}"]`);
    await context.close();
  });

  it('a wrong type or a file of 5 MB and more is refused before any upload; closing with a chosen photo asks first', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@globex.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');
    await openMyAccount(page, 'Gus User');
    const traffic = uploadTraffic(page);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload your photo' });
    const input = dialog.getByLabel('Photo file');

    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await dialog.getByRole('alert').getByText('Only JPEG or PNG images can be used.').waitFor();

    const large = Buffer.concat([png(8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large });
    await dialog.getByRole('alert').getByText('The file must not be larger than 5 MB.').waitFor();

    // A file named .png that is no image cannot be made into a thumbnail.
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await dialog.getByRole('alert').getByText('The file could not be read as an image.', { exact: false }).waitFor();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(40, 80) });
    await dialog.getByRole('img', { name: 'Thumbnail of 64 px' }).waitFor();
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('You have unsaved changes.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Continue editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByRole('img', { name: 'Preview of me.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(traffic).toEqual([]);
    expect(await avatarOf('user@globex.example')).toEqual({ avatar_key: null, avatar_thumbnail_key: null });
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { signInByRequest } from './e2e';
import { newPortalContext } from './portalContext';

/** A fresh browser context signed in as `email` on the inventory page (its rows may still be loading). */
export async function openInventoryAs(browser: Browser, baseUrl: string, email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  await signInByRequest(context, baseUrl, email);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/app/product`);
  return { context, page };
}

/** The inventory's first row menu, opened once the list shows; answers that row's instrument id. */
export async function openFirstRowMenu(page: Page): Promise<number> {
  await page.waitForURL('**/app/product');
  const menuButton = page.getByRole('button', { name: /^Actions for / }).first();
  await menuButton.waitFor();
  const id = Number((await menuButton.getAttribute('data-testid'))!.replace('row-actions-', ''));
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Service order details' }).waitFor();
  return id;
}

/**
 * A fresh browser context signed in as `email` on an instrument's page (/app/product/equipmentDetail/{id}).
 * `beforeOpen` runs just before the page is opened (to wait for a call it makes on its way).
 */
export async function openInstrumentAs(
  browser: Browser,
  baseUrl: string,
  email: string,
  id: number,
  opts: { locale?: string; beforeOpen?(page: Page): void } = {},
) {
  const context = await newPortalContext(browser, { locale: opts.locale });
  await signInByRequest(context, baseUrl, email);
  const page = await context.newPage();
  opts.beforeOpen?.(page);
  await page.goto(`${baseUrl}/app/product/equipmentDetail/${id}`);
  await page.waitForURL(`**/app/product/equipmentDetail/${id}`);
  return { page, close: () => context.close() };
}

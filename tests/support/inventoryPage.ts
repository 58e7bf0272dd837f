import type { Browser } from 'playwright-core';
import { signInAt } from './e2e';
import { newPortalContext } from './portalContext';

/** A fresh browser context signed in as `email` on the inventory page (its rows may still be loading). */
export async function openInventoryAs(browser: Browser, baseUrl: string, email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  const page = await context.newPage();
  await signInAt(page, baseUrl, email);
  await page.waitForURL(/\/app\//);
  await page.goto(`${baseUrl}/app/product`);
  return { context, page };
}

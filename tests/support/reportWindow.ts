import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Clicks an order number's report button and checks that the server answered its PDF and that a new window shows
 * it. The bytes are asked again through the context: the browser does not hand a consumed body to the test.
 */
export async function openReportWindow(page: Page, context: BrowserContext, serviceOrderNo: string): Promise<Buffer> {
  const popup = page.waitForEvent('popup');
  const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/ServiceCall/${serviceOrderNo}/PDF`);
  await page.getByRole('button', { name: `Open the report of ${serviceOrderNo}` }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const window_ = await popup;
  await window_.waitForURL(/^blob:/);
  const bytes = await (await context.request.get(response.url())).body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await window_.close();
  return bytes;
}

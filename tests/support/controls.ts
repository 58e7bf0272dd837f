import type { Locator } from 'playwright-core';
import { waitForSettled } from './settled';

/**
 * Tick or clear a checkbox or radio that the page controls, and wait until it shows the new state. Playwright's
 * check() reads the state straight after its click; a controlled input changes only once React has rendered, which
 * on a busy machine comes later. The click waits until the page has settled: a forced click goes to the control's
 * place, which moves while a dialog zooms in.
 */
export async function setChecked(control: Locator, checked: boolean, timeoutMs = 10_000): Promise<void> {
  if ((await control.isChecked()) !== checked) {
    await control.waitFor();
    await waitForSettled(control.page());
    await control.click({ force: true });
  }
  const deadline = Date.now() + timeoutMs;
  while ((await control.isChecked()) !== checked) {
    if (Date.now() > deadline) throw new Error(`${control.toString()} did not become ${checked ? '' : 'un'}checked`);
    await control.page().waitForTimeout(50);
  }
}

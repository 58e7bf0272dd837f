import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { withoutReportAccess } from '../support/reportAccess';
import { signedIn } from '../support/injectClient';
import { pdfPages } from '../support/pdfText';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: Awaited<ReturnType<typeof signedIn>>;
let globex: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  server = await startApiServer();
  acme = await signedIn(server.app, 'user@acme-labs.example');
  globex = await signedIn(server.app, 'user@globex.example');
});
afterAll(() => server.close());

const db = () => server.database.db;

/** GET the PDF as a browser window does: the session cookie, no anti-forgery header. */
const open = (agent: typeof acme, serviceOrderNo: string, query = '') =>
  server.app.inject({
    method: 'GET',
    url: `/api/ServiceCall/${encodeURIComponent(serviceOrderNo)}/PDF${query}`,
    cookies: Object.fromEntries(agent.jar),
  });

const orderOf = (customer: string, withReport: boolean) =>
  db()
    .selectFrom('service_calls')
    .innerJoin('customers', 'customers.id', 'service_calls.customer_id')
    .select(['service_calls.service_order_no', 'service_calls.serial', 'service_calls.service_engn_name'])
    .where('customers.customer_folder', '=', customer)
    .where('service_calls.report_available', '=', withReport)
    .where('service_calls.is_history', '=', withReport)
    .orderBy('service_calls.id')
    .executeTakeFirstOrThrow();

describe('GET ServiceCall/{serviceOrderNo}/PDF', () => {
  it('renders the service report of an own order in the user’s language', async () => {
    const order = await orderOf('acme', true);
    await db()
      .updateTable('users')
      .set({ language_code: 'de' })
      .where('email', '=', 'user@acme-labs.example')
      .execute();
    try {
      const res = await open(acme, order.service_order_no, '?timeZoneDiff=60');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="ServiceReport_${order.service_order_no}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await pdfPages(res.rawPayload)).join(' ');
      expect(text).toContain(order.service_order_no);
      expect(text).toContain(order.serial!);
      expect(text).toContain(order.service_engn_name!);
      expect(text).toContain('Servicebericht');
      expect(text).toContain('UTC+01:00');
    } finally {
      await db()
        .updateTable('users')
        .set({ language_code: 'en-us' })
        .where('email', '=', 'user@acme-labs.example')
        .execute();
    }
  });

  it('refuses an order without a report, and a user without PDF access, with the spec’s message', async () => {
    const pending = await orderOf('acme', false);
    const noReport = await open(acme, pending.service_order_no);
    expect(noReport.statusCode).toBe(403);
    expect(noReport.json()).toMatchObject({ errorMessage: 'inventory:open_pdf_no_access_tip' });

    const order = await orderOf('acme', true);
    await withoutReportAccess(db(), 'user@acme-labs.example', async () => {
      const denied = await open(acme, order.service_order_no);
      expect(denied.statusCode).toBe(403);
      expect(denied.headers['content-type']).not.toBe('application/pdf');
    });
  });

  it('never gives another customer’s report: its number is not found', async () => {
    const foreign = await orderOf('globex', true);
    const res = await open(acme, foreign.service_order_no);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.subarray(0, 5).toString()).not.toBe('%PDF-');
    expect((await open(globex, foreign.service_order_no)).statusCode).toBe(200);
  });

  it('answers 400 for a number that is not one, and 401 without a session', async () => {
    expect((await open(acme, 'SO1 OR 1=1')).statusCode).toBe(400);
    expect((await open(acme, 'x'.repeat(41))).statusCode).toBe(400);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/ServiceCall/SO00000001/PDF' });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { withoutReportAccess } from '../support/reportAccess';
import { signedIn } from '../support/injectClient';

/* GET ServiceCall/byId/{serviceOrderId}: what the spec's link /{customerFolder}/ServiceReport.aspx?{id} opens. */

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  server = await startApiServer();
  acme = await signedIn(server.app, 'user@acme-labs.example');
});
afterAll(() => server.close());

const orderOf = (customer: string, withReport: boolean) =>
  server.database.db
    .selectFrom('service_calls')
    .innerJoin('customers', 'customers.id', 'service_calls.customer_id')
    .select(['service_calls.id', 'service_calls.service_order_no'])
    .where('customers.customer_folder', '=', customer)
    .where('service_calls.report_available', '=', withReport)
    .orderBy('service_calls.id')
    .executeTakeFirstOrThrow();

const lookUp = (serviceOrderId: number) => acme.client.serviceCalls.serviceReportTarget({ params: { serviceOrderId } });

describe('GET ServiceCall/byId/{serviceOrderId}', () => {
  it('gives the order number of an own order and whether its report opens', async () => {
    const order = await orderOf('acme', true);
    const res = await lookUp(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      errorCode: 0,
      result: {
        serviceOrderId: order.id,
        serviceOrderNo: order.service_order_no,
        pdfAvailable: true,
        userAccessPDF: true,
      },
    });
  });

  it('says when the order has no report, and when the user may not open reports', async () => {
    const pending = await orderOf('acme', false);
    expect(await lookUp(pending.id)).toMatchObject({
      status: 200,
      body: { result: { pdfAvailable: false, userAccessPDF: false } },
    });
    const order = await orderOf('acme', true);
    await withoutReportAccess(server.database.db, 'user@acme-labs.example', async () => {
      expect(await lookUp(order.id)).toMatchObject({
        status: 200,
        body: { result: { pdfAvailable: true, userAccessPDF: false } },
      });
    });
  });

  it('answers another customer’s order as not found, naming nothing of it', async () => {
    const foreign = await orderOf('globex', true);
    const res = await lookUp(foreign.id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(foreign.service_order_no);
    expect((await lookUp(2_147_483_000)).status).toBe(404);
  });

  it('refuses ids that are not positive whole numbers within range, and callers without a session', async () => {
    for (const id of ['abc', '-5', '0', '1.5', '2147483648', '9'.repeat(60), '12%2034']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/ServiceCall/byId/${id}`,
        cookies: Object.fromEntries(acme.jar),
      });
      expect(res.statusCode, id).toBe(400);
    }
    const huge = await server.app.inject({
      method: 'GET',
      url: `/api/ServiceCall/byId/${'9'.repeat(4000)}`,
      cookies: Object.fromEntries(acme.jar),
    });
    expect(huge.statusCode).toBe(414);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/ServiceCall/byId/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});

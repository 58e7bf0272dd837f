import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMethod, type EquipmentDetail, type ProductResources } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import {
  PRODUCT_PAGE_MAX_BYTES,
  PRODUCT_PAGE_TIMEOUT_MS,
  productResourceFetcher,
} from '../../api-mock/src/catalogue/productResources';
import { PUBLIC_WEB } from '../../api-mock/src/lib/outboundFetch';
import { DEMO_PRODUCT_CATALOGUE } from '../../api-mock/src/seed/productCatalogue';
import { PROVIDER_INBOX } from '../../api-mock/src/mail/outbox';
import { countryIdOf } from '../../api-mock/src/lib/countries';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/** A vendor's site as the portal meets it: a good page, and every way a page can fail. */
const GOOD_PAGE = `<!doctype html><html><body><h1>LAMBDA</h1>
<script>alert('page')</script>
<section id="resources"><h2>Resources</h2><ul>
<li><a href="docs/brochure.pdf" onclick="steal()">Brochure</a></li>
<li><a href="/notes/uv-vis">Application note</a></li>
<li><a href="javascript:alert(1)">Trap</a></li>
<li><img src="x" onerror="steal()">Webinar <script>alert('block')</script></li>
</ul></section></body></html>`;

let site: Server;
let siteUrl = '';
let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
let lambda: { id: number; serial: string | null };
let withoutInfo: number;
const db = () => server.database.db;
const lambdaInfo = DEMO_PRODUCT_CATALOGUE.find((p) => p.modelName === 'LAMBDA 365')!;

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/slow') return; // never answers
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<section id="resources"><a href="a">x</a>${'x'.repeat(PRODUCT_PAGE_MAX_BYTES)}</section>`);
      return;
    }
    if (path === '/binary') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return response.end(Buffer.alloc(4096, 7));
    }
    if (path === '/junk') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<<<<>>>><section id=resources <a href=">\u0000\uffff'.repeat(1000));
    }
    if (path === '/broken') {
      response.writeHead(500, { 'content-type': 'text/html' });
      return response.end(GOOD_PAGE);
    }
    if (path === '/no-block') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<html><body><p>No resources here</p></body></html>');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(GOOD_PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  // The test site plays a vendor's public site; the outbound guard's own rules are tested in outboundGuard.
  const sitePort = (site.address() as AddressInfo).port;
  const policy = {
    ...PUBLIC_WEB,
    isAllowedAddress: (a: string) => a === '127.0.0.1',
    isAllowedPort: (p: number) => p === sitePort,
  };
  server = await startApiServer({ listen: true, productResources: productResourceFetcher({ policy }) });
  acme = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  const customer = await db()
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', 'manager@acme-labs.example')
    .executeTakeFirstOrThrow();
  const visible = db()
    .selectFrom('equipment')
    .select(['id', 'serial'])
    .where('customer_id', '=', customer.customer_id)
    .where('is_hidden', '=', false)
    .orderBy('id');
  lambda = (await visible.where('model', '=', 'LAMBDA 365').executeTakeFirstOrThrow())!;
  withoutInfo = (await visible.where('mfg', '=', 'Eppendorf').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => site.close(resolve));
});

/** Points the LAMBDA 365's catalogue entry at a page of the test site. */
const productUrlIs = (url: string | null) =>
  db()
    .updateTable('product_market_info')
    .set({ product_url: url })
    .where('part_number', '=', lambdaInfo.partNumber)
    .execute();

const resourcesOf = async (client: InjectClient, id: number) =>
  client.equipment.productResources({ params: { id }, query: {} });

describe('GET Equipment/{id}: product market info', () => {
  it('answers the catalogue entry of the instrument make and model, whatever their case', async () => {
    await db().updateTable('equipment').set({ mfg: 'perkinelmer' }).where('id', '=', lambda.id).execute();
    const detail = resultOf<EquipmentDetail>(await acme.equipment.detail({ params: { id: lambda.id }, query: {} }));
    await db().updateTable('equipment').set({ mfg: 'PerkinElmer' }).where('id', '=', lambda.id).execute();
    expect(detail.productMarketInfo).toMatchObject({
      partNumber: lambdaInfo.partNumber,
      displayName: lambdaInfo.displayName,
      brandName: 'PerkinElmer',
      modelName: 'LAMBDA 365',
      shortDescription: lambdaInfo.shortDescription,
      longDescription: lambdaInfo.longDescription,
      weight: lambdaInfo.weight,
      productUrl: `/catalogue/products/${lambdaInfo.partNumber}/`,
      largeImageUrl: `/catalogue/products/${lambdaInfo.partNumber}/image.svg`,
    });
  });

  it('answers null for a model the catalogue does not hold', async () => {
    const detail = resultOf<EquipmentDetail>(await acme.equipment.detail({ params: { id: withoutInfo }, query: {} }));
    expect(detail.productMarketInfo).toBeNull();
  });
});

describe('GET Equipment/{id}/productResources', () => {
  it("reads the demo product site the portal serves itself, with the page's links made absolute", async () => {
    const res = resultOf<ProductResources>(await resourcesOf(acme, lambda.id));
    const base = new URL(res.sourceUrl);
    expect(base.pathname).toBe(`/catalogue/products/${lambdaInfo.partNumber}/`);
    for (const resource of lambdaInfo.resources) {
      expect(res.html).toContain(`href="${new URL(`resources/${resource.slug}`, base).toString()}"`);
    }
    const linked = await server.app.inject({ url: `${base.pathname}resources/${lambdaInfo.resources[0]!.slug}` });
    expect(linked.statusCode).toBe(200);
    expect(linked.body).toContain(lambdaInfo.resources[0]!.title.replace(/&/g, '&amp;'));
  });

  it('keeps links, lists and headings only: no script, handler, image or javascript: link', async () => {
    await productUrlIs(`${siteUrl}/products/lambda`);
    const res = resultOf<ProductResources>(await resourcesOf(acme, lambda.id));
    expect(res.sourceUrl).toBe(`${siteUrl}/products/lambda`);
    expect(res.html).toContain(
      `<a href="${siteUrl}/products/docs/brochure.pdf" target="_blank" rel="noopener noreferrer">`,
    );
    expect(res.html).toContain(`<a href="${siteUrl}/notes/uv-vis"`);
    expect(res.html).not.toMatch(/script|onclick|onerror|<img|javascript:|steal|alert/i);
    expect(res.html).not.toContain('LAMBDA</h1>');
  });

  it.each([
    ['answers 500', '/broken'],
    ['is not HTML', '/binary'],
    ['is junk', '/junk'],
    ['has no resource block', '/no-block'],
    ['is larger than the cap', '/huge'],
  ])('answers null, never an error, when the page %s', async (_, path) => {
    await productUrlIs(`${siteUrl}${path}`);
    const res = await resourcesOf(acme, lambda.id);
    expect(res.status).toBe(200);
    expect(resultOf(res)).toBeNull();
  });

  it('gives up on a page that does not answer in time', async () => {
    await productUrlIs(`${siteUrl}/slow`);
    const started = Date.now();
    const res = await resourcesOf(acme, lambda.id);
    expect(resultOf(res)).toBeNull();
    expect(Date.now() - started).toBeLessThan(PRODUCT_PAGE_TIMEOUT_MS + 2000);
  }, 15_000);

  it.each([
    ['a URL with credentials', 'http://user:secret@127.0.0.1/x'],
    ['another scheme', 'file:///etc/passwd'],
    ['no URL', null],
  ])('fetches nothing for %s', async (_, url) => {
    await productUrlIs(url);
    expect(resultOf(await resourcesOf(acme, lambda.id))).toBeNull();
  });

  it('answers null for an instrument without product information', async () => {
    expect(resultOf(await resourcesOf(acme, withoutInfo))).toBeNull();
  });

  it("answers 10002 for another customer's instrument, a missing one, and 400 for a bad id", async () => {
    for (const id of [lambda.id, 2_000_000_000]) {
      const res = await resourcesOf(globex, id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    }
    const bad = await server.app.inject({ url: '/api/Equipment/abc/productResources' });
    expect(bad.statusCode).toBe(400);
  });
});

const moreInfo = (equipmentId: number, overrides: Record<string, unknown> = {}) => ({
  equipmentId,
  firstName: 'Mark',
  lastName: 'Manager',
  emailAddress: 'someone.else@example.com',
  telephone: '+1 617 555 0100',
  companyName: 'Acme Labs',
  countryId: countryIdOf('DE'),
  country: 'Atlantis',
  contactMethod: ContactMethod.ByPhone,
  comments: 'Which detectors fit our LAMBDA?',
  ...overrides,
});

const outboxSince = (id: number) =>
  db().selectFrom('mail_outbox').selectAll().where('id', '>', id).orderBy('id').execute();
const lastMailId = async () =>
  Number(
    (
      await db()
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

describe('POST Equipment/MarketInfo/Request', () => {
  it("mails the provider with the product and the customer, a copy to the requester's own address, and records an event", async () => {
    const before = await lastMailId();
    const res = await acme.equipment.requestMarketInfo({ body: moreInfo(lambda.id) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: 0, result: null });
    const mails = await outboxSince(before);
    expect(mails.map((m) => m.to_addresses)).toEqual([PROVIDER_INBOX, 'manager@acme-labs.example']);
    expect(mails[0]!.subject).toContain(lambdaInfo.partNumber);
    expect(mails[0]!.subject).toContain('Acme Labs');
    expect(mails[0]!.body).toContain('From: Mark Manager <someone.else@example.com>, +1 617 555 0100');
    expect(mails[0]!.body).toContain('Country: Germany');
    expect(mails[0]!.body).toContain('Contact: By phone');
    expect(mails[0]!.body).toContain(`Instrument: PerkinElmer - LAMBDA 365 - ${lambda.serial}`);
    expect(mails[0]!.body).toContain('Which detectors fit our LAMBDA?');
    const event = await db()
      .selectFrom('events')
      .selectAll()
      .where('event_type', '=', 'equipment.moreInfoRequested')
      .where('entity_id', '=', String(lambda.id))
      .executeTakeFirst();
    expect(event).toBeDefined();
  });

  it('refuses an instrument without product information (400) and mails nothing', async () => {
    const before = await lastMailId();
    const res = await acme.equipment.requestMarketInfo({ body: moreInfo(withoutInfo) });
    expect(res.status).toBe(400);
    expect(await outboxSince(before)).toHaveLength(0);
  });

  it("answers 10002 for another customer's instrument and mails nothing", async () => {
    const before = await lastMailId();
    const res = await globex.equipment.requestMarketInfo({ body: moreInfo(lambda.id) });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(await outboxSince(before)).toHaveLength(0);
  });

  it.each([
    ['no first name', { firstName: '   ' }],
    ['a first name of 31 characters', { firstName: 'x'.repeat(31) }],
    ['an invalid e-mail', { emailAddress: 'not-an-address' }],
    ['a telephone with letters', { telephone: 'call me maybe' }],
    ['comments of 201 characters', { comments: 'x'.repeat(201) }],
    ['a company of 61 characters', { companyName: 'x'.repeat(61) }],
    ['an unknown contact method', { contactMethod: 9 }],
  ])('refuses %s with 400 and mails nothing', async (_, overrides) => {
    const before = await lastMailId();
    const res = await acme.equipment.requestMarketInfo({ body: moreInfo(lambda.id, overrides) as never });
    expect(res.status).toBe(400);
    expect(await outboxSince(before)).toHaveLength(0);
  });
});

describe('the demo product site', () => {
  it('serves each catalogue product page with its resource block, its picture, and 404 for an unknown part', async () => {
    const page = await server.app.inject({ url: `/catalogue/products/${lambdaInfo.partNumber}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<section id="resources">');
    const bare = await server.app.inject({ url: `/catalogue/products/${lambdaInfo.partNumber}` });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/catalogue/products/${lambdaInfo.partNumber}/`);
    const image = await server.app.inject({ url: `/catalogue/products/${lambdaInfo.partNumber}/image.svg` });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect((await server.app.inject({ url: '/catalogue/products/NO-SUCH-PART/' })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: `/catalogue/products/${lambdaInfo.partNumber}/resources/nope` })).statusCode,
    ).toBe(404);
  });
});

import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResources } from '../../contract/equipment';
import { demoProductUrl } from '../../api-mock/src/catalogue/demoCatalogueSite';
import {
  OutboundRefused,
  PUBLIC_WEB,
  isWebPort,
  outboundGet,
  type OutboundPolicy,
} from '../../api-mock/src/lib/outboundFetch';
import { DEMO_PRODUCT_CATALOGUE } from '../../api-mock/src/seed/productCatalogue';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/** A server on loopback that counts every connection it accepts: an internal service the portal must not reach. */
interface Listener {
  port: number;
  connections: number;
  server: Server;
}

const RESOURCE_PAGE =
  '<html><body><section id="resources"><a href="internal/secret">Internal secret</a></section></body></html>';
const answersPage: RequestListener = (_, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(RESOURCE_PAGE);
};

async function listen(handler: RequestListener = answersPage, host = '127.0.0.1'): Promise<Listener> {
  const server = createServer(handler);
  const listener = { port: 0, connections: 0, server };
  server.on('connection', () => (listener.connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}
const close = (listener: Listener | undefined) =>
  new Promise((resolve) => (listener ? listener.server.close(resolve) : resolve(undefined)));

const get = (url: string, policy?: OutboundPolicy) =>
  outboundGet(new URL(url), { timeoutMs: 2000, maxBytes: 64 * 1024, policy });

/** The real rules on addresses, any port: the listeners' random ports are not what refuses them. */
const ANY_PORT: OutboundPolicy = { ...PUBLIC_WEB, isAllowedPort: () => true };
/** Loopback plays the public internet, so a listener can act as a vendor's site. */
const LOOPBACK_IS_PUBLIC: OutboundPolicy = { ...ANY_PORT, isAllowedAddress: (a) => a === '127.0.0.1' };

let internal: Listener;
let internalV6: Listener | undefined;
beforeAll(async () => {
  internal = await listen();
  internalV6 = await listen(answersPage, '::1').catch(() => undefined);
});
afterAll(async () => {
  await close(internal);
  await close(internalV6);
});

describe('outboundGet', () => {
  it('reaches a listener the policy allows (the control for every "receives nothing" below)', async () => {
    const before = internal.connections;
    const response = await get(`http://127.0.0.1:${internal.port}/`, LOOPBACK_IS_PUBLIC);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(RESOURCE_PAGE);
    expect(internal.connections).toBe(before + 1);
  });

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/`],
    ['localhost, resolved for real', (port: number) => `http://localhost:${port}/`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['the unspecified address', (port: number) => `http://0.0.0.0:${port}/`],
  ])('refuses %s, and the listener there receives nothing', async (_, urlAt) => {
    const before = [internal.connections, internalV6?.connections];
    await expect(get(urlAt(internal.port), ANY_PORT)).rejects.toBeInstanceOf(OutboundRefused);
    if (internalV6) await expect(get(urlAt(internalV6.port), ANY_PORT)).rejects.toBeInstanceOf(OutboundRefused);
    expect([internal.connections, internalV6?.connections]).toEqual(before);
  });

  it.each([
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::1]/',
    'http://127.0.0.1/',
    'http://localhost/',
  ])('refuses %s with the default policy', async (url) => {
    await expect(get(url)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses a host name whose resolver answers 127.0.0.1, and connects to nothing', async () => {
    const asked: string[] = [];
    const policy: OutboundPolicy = {
      ...ANY_PORT,
      resolve: async (hostname) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    };
    const before = internal.connections;
    await expect(get(`http://products.example:${internal.port}/`, policy)).rejects.toBeInstanceOf(OutboundRefused);
    expect(asked).toEqual(['products.example']);
    expect(internal.connections).toBe(before);
  });

  it('refuses a host name with one internal address among public ones', async () => {
    const policy: OutboundPolicy = {
      ...ANY_PORT,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    };
    await expect(get('http://products.example/', policy)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses every port but 80 and 443, 8080 included', async () => {
    const anyAddress: OutboundPolicy = { ...PUBLIC_WEB, isAllowedAddress: () => true, isAllowedPort: isWebPort };
    const before = internal.connections;
    await expect(get(`http://127.0.0.1:${internal.port}/`, anyAddress)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(get('http://127.0.0.1:8080/', anyAddress)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(get('https://products.example:8443/', anyAddress)).rejects.toBeInstanceOf(OutboundRefused);
    expect(internal.connections).toBe(before);
  });

  it('follows no redirect: a "public" site answering 302 into loopback leads nowhere', async () => {
    const redirecting = await listen((_, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${internal.port}/` });
      response.end();
    });
    try {
      const before = internal.connections;
      await expect(get(`http://127.0.0.1:${redirecting.port}/`, LOOPBACK_IS_PUBLIC)).rejects.toBeInstanceOf(
        OutboundRefused,
      );
      expect(redirecting.connections).toBe(1);
      expect(internal.connections).toBe(before);
    } finally {
      await close(redirecting);
    }
  });

  it('refuses other schemes and URLs with credentials', async () => {
    await expect(get('ftp://products.example/', ANY_PORT)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(get(`http://u:p@127.0.0.1:${internal.port}/`, LOOPBACK_IS_PUBLIC)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
  });

  it('gives up after the timeout and past the size cap', async () => {
    const slow = await listen(() => undefined);
    const huge = await listen((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      // Without a content length when asked so: the cap must hold while reading, not only on the header.
      if (request.url === '/chunked') response.write('x'.repeat(70 * 1024));
      response.end(request.url === '/chunked' ? '' : 'x'.repeat(70 * 1024));
    });
    try {
      const started = Date.now();
      await expect(get(`http://127.0.0.1:${slow.port}/`, LOOPBACK_IS_PUBLIC)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(get(`http://127.0.0.1:${huge.port}/`, LOOPBACK_IS_PUBLIC)).rejects.toThrow(/too large/);
      await expect(get(`http://127.0.0.1:${huge.port}/chunked`, LOOPBACK_IS_PUBLIC)).rejects.toThrow(/too large/);
    } finally {
      await close(slow);
      await close(huge);
    }
  });
});

describe('GET Equipment/{id}/productResources with the default outbound guard', () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;
  let acme: InjectClient;
  let lambda: number;
  const lambdaInfo = DEMO_PRODUCT_CATALOGUE.find((p) => p.modelName === 'LAMBDA 365')!;
  const productUrlIs = (url: string) =>
    server.database.db
      .updateTable('product_market_info')
      .set({ product_url: url })
      .where('part_number', '=', lambdaInfo.partNumber)
      .execute();

  beforeAll(async () => {
    server = await startApiServer({ listen: true });
    acme = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const manager = await server.database.db
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    const row = await server.database.db
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', manager.customer_id)
      .where('is_hidden', '=', false)
      .where('model', '=', 'LAMBDA 365')
      .executeTakeFirstOrThrow();
    lambda = row.id;
  });
  afterAll(() => server.close());

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/lambda`],
    ['localhost', (port: number) => `http://localhost:${port}/lambda`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/lambda`],
    ['loopback on port 80', () => 'http://127.0.0.1/lambda'],
    ['10.x', () => 'http://10.0.0.1/lambda'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('answers "no resources" for a product page on %s, and the listener receives nothing', async (_, urlAt) => {
    const before = [internal.connections, internalV6?.connections];
    for (const listener of [internal, internalV6]) {
      if (!listener) continue;
      await productUrlIs(urlAt(listener.port));
      const res = await acme.equipment.productResources({ params: { id: lambda }, query: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: 0, result: null });
    }
    expect([internal.connections, internalV6?.connections]).toEqual(before);
  });

  it('still reads the demo catalogue’s own page, in process (the guard refuses the portal’s loopback address)', async () => {
    await productUrlIs(demoProductUrl(lambdaInfo.partNumber));
    const res = resultOf<ProductResources>(
      await acme.equipment.productResources({ params: { id: lambda }, query: {} }),
    );
    expect(new URL(res.sourceUrl).pathname).toBe(demoProductUrl(lambdaInfo.partNumber));
    expect(res.html).toContain(lambdaInfo.resources[0]!.slug);
  });
});

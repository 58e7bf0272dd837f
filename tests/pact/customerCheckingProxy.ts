import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A backend that checks userCustomerId against the session: it passes every request on to `target`, but refuses
 * with 403 a signed-in request whose userCustomerId is not the customer its session works for (GET /api/users/me).
 */
export async function startCustomerCheckingProxy(target: string) {
  const refused: string[] = [];
  const customerOf = (cookie: string) =>
    new Promise<number | null>((resolve) => {
      http
        .get(new URL('/api/users/me', target), { headers: { cookie } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
              errorCode?: number;
              result?: { userLocation?: { customerId?: number } };
            };
            resolve(body.errorCode === 0 ? (body.result?.userLocation?.customerId ?? null) : null);
          });
        })
        .on('error', () => resolve(null));
    });
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', target);
      const sent = url.searchParams.get('userCustomerId');
      const customer = await customerOf(req.headers.cookie ?? '');
      if (customer !== null && sent !== String(customer)) {
        refused.push(`${req.method} ${url.pathname} userCustomerId=${sent} for customer ${customer}`);
        res.writeHead(403, { 'content-type': 'application/json' }).end('{"errorCode":403}');
        return;
      }
      const headers = { ...req.headers };
      delete headers['accept-encoding'];
      const upstream = http.request(url, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

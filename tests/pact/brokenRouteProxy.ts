import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server with one route broken: it passes every request on to `target`, except that the answer of
 * `GET /api/users/me` loses its `emailAddress` field.
 */
export async function startBrokenRouteProxy(target: string) {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers['accept-encoding'];
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers }, (answer) => {
      const broken = req.method === 'GET' && (req.url ?? '').split('?')[0]!.toLowerCase() === '/api/users/me';
      if (!broken) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: Record<string, unknown> };
        delete body.result?.emailAddress;
        const text = JSON.stringify(body);
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'content-length': String(Buffer.byteLength(text)),
        });
        res.end(text);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

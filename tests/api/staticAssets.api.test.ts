import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type RunningServer } from '../../api-mock/src/server';
import { createDatabase } from '../support/postgres';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

/**
 * The web app's files as the build leaves them (vite.config.ts writes x.br and x.gz beside each text file): a
 * small stand-in for web/dist, so the test does not depend on a build.
 */
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>${'<!-- -->'.repeat(200)}</html>`;
const SCRIPT = `export const portal = ${JSON.stringify('first screen '.repeat(400))};\n`;
const ASSET = '/assets/index-Ab12Cd34.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CHROME_ACCEPT = 'gzip, deflate, br, zstd';

let webRoot: string;
let server: RunningServer;

function writeWithCompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeWithCompressed(path.join(webRoot, 'index.html'), INDEX);
  writeWithCompressed(path.join(webRoot, ASSET), SCRIPT);
  const adminUrl = inject('pgAdminUrl');
  server = await createServer({
    databaseUrl: adminUrl ? await createDatabase(adminUrl) : undefined,
    webRoot,
    publicOrigin: TEST_PUBLIC_ORIGIN,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

const varies = (vary: unknown) =>
  String(vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the web app files', () => {
  it('sends a script precompressed with brotli when the browser takes it (as Chromium asks)', async () => {
    const res = await get(ASSET, CHROME_ACCEPT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends it gzipped to a browser that takes gzip only', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends it as it is without Accept-Encoding, still saying the answer varies by it', async () => {
    const res = await get(ASSET);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.body).toBe(SCRIPT);
  });

  it('lets the browser keep a hashed file under /assets for a year, whatever the encoding', async () => {
    for (const encoding of [CHROME_ACCEPT, 'gzip', undefined]) {
      expect((await get(ASSET, encoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('has the browser ask again for index.html every time', async () => {
    for (const encoding of [CHROME_ACCEPT, undefined]) {
      const res = await get('/index.html', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a deep link of the app (the SPA fallback) with index.html, compressed and never cached as is', async () => {
    const compressed = await get('/app/product/equipmentDetail/42', CHROME_ACCEPT);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-type']).toMatch(/text\/html/);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(varies(compressed.headers.vary)).toBe(true);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/app/welcome');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('answers the spec’s service report link with the app, though it looks like a file', async () => {
    const res = await get('/acme/ServiceReport.aspx?12345');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect((await get('/acme/Other.aspx')).statusCode).toBe(404);
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await get('/assets/index-Zz99Zz99.js', CHROME_ACCEPT);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });
});

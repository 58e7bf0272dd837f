import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileIdentifier } from '../../contract/images';
import {
  ImportProductMarketServerMessage,
  ProductMarketImportFailure,
  type ImportProductMarketCompleted,
} from '../../contract/importProductMarket';
import { HUB_FORBIDDEN } from '../../api-mock/src/realtime/hub';
import { startApiServer } from '../support/apiServer';
import { catalogueFile, generatedEntries, uploadCatalogue } from '../support/catalogueFiles';
import { cookieOf, openHub } from '../support/hubSocket';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

/** A signed-in hub connection that imports catalogue files, recording each progress message with its time. */
async function catalogueHub(email: string) {
  const agent = await signedIn(server.app, email);
  const socket = await openHub(server.app, { cookie: cookieOf(agent.jar) });
  const progress: { percent: number; at: number }[] = [];
  let done: ((m: ImportProductMarketCompleted) => void) | null = null;
  let closedWith: number | null = null;
  socket.on('close', (code) => {
    closedWith = code;
  });
  socket.on('message', (data) => {
    const parsed = ImportProductMarketServerMessage.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) return;
    if (parsed.data.type === 'importProductMarketProgress') {
      progress.push({ percent: parsed.data.progress, at: Date.now() });
    } else done?.(parsed.data);
  });
  const importFile = (file: FileIdentifier, xsrfToken = agent.jar.get('XSRF-TOKEN')) => {
    const completed = new Promise<ImportProductMarketCompleted>((resolve) => {
      done = resolve;
    });
    socket.send(JSON.stringify({ type: 'importProductMarket', file, xsrfToken }));
    return completed;
  };
  return { ...agent, socket, progress, importFile, closedCode: () => closedWith };
}

const countLike = async (pattern: string) =>
  Number(
    (
      await db()
        .selectFrom('product_market_info')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('part_number', 'like', pattern)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importProductMarket over the hub /signalr', () => {
  it('imports an uploaded catalogue with progress at least every second and a completion event', async () => {
    const hub = await catalogueHub('pe@provider.example');
    const file = await uploadCatalogue(server.app, hub.client, await catalogueFile(generatedEntries(3_000, 'HUBOK')));
    const started = Date.now();
    const completed = await hub.importFile(file);
    expect(completed).toEqual({ type: 'importProductMarketCompleted', errorCode: 0, result: {}, importedCount: 3_000 });
    expect(await countLike('HUBOK%')).toBe(3_000);

    const percents = hub.progress.map((p) => p.percent);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const times = [started, ...hub.progress.map((p) => p.at)];
    const longestGap = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
    expect(longestGap).toBeLessThanOrEqual(1_000);
    hub.socket.close();
  }, 60_000);

  it('reports each failing row and imports nothing', async () => {
    const hub = await catalogueHub('pe@provider.example');
    const entries = generatedEntries(3, 'HUBBAD');
    entries[1] = { ...entries[1], modelName: null, largeImageUrl: 'ftp://catalogue.example/a.png' };
    const file = await uploadCatalogue(server.app, hub.client, await catalogueFile(entries));
    expect(await hub.importFile(file)).toEqual({
      type: 'importProductMarketCompleted',
      errorCode: ProductMarketImportFailure.InvalidRows,
      result: { '4': [16204, 16208] },
      importedCount: 0,
    });
    expect(await countLike('HUBBAD%')).toBe(0);
    hub.socket.close();
  });

  it('refuses a customer user, a file that is not the caller’s upload, and a message without the token', async () => {
    const customer = await catalogueHub('admin@acme-labs.example');
    const someFile = { resourceKey: 'a/ProductMarketInfo/x.xlsx', bucketName: 'portal-product-market-info' };
    expect((await customer.importFile(someFile)).errorCode).toBe(ProductMarketImportFailure.Forbidden);
    customer.socket.close();

    const pe = await catalogueHub('pe@provider.example');
    expect((await pe.importFile(someFile)).errorCode).toBe(ProductMarketImportFailure.FileNotFound);
    const bad = { resourceKey: '../x', bucketName: 'portal-product-market-info' };
    expect((await pe.importFile(bad)).errorCode).toBe(ProductMarketImportFailure.BadMessage);

    pe.socket.send(JSON.stringify({ type: 'importProductMarket', file: someFile }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pe.closedCode()).toBe(HUB_FORBIDDEN);
  });
});

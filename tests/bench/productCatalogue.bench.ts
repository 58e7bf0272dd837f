import { afterAll, beforeAll, bench, describe } from 'vitest';
import {
  ImportProductMarketServerMessage,
  type ImportProductMarketCompleted,
} from '../../contract/importProductMarket';
import { startTestServer } from '../support/testServer';
import { catalogueFile, generatedEntries, uploadCatalogue } from '../support/catalogueFiles';
import { cookieOf, openHub } from '../support/hubSocket';
import { signedIn, type InjectClient } from '../support/injectClient';
import { failBench, figureLine } from './timed';

/**
 * The catalogue import of "Import product info" (issue 14), in-process on PGlite: 10,000 parts uploaded to storage
 * and imported over the hub, from the message to importProductMarketCompleted. Targets: at most 20 s, with progress
 * at least every second. Every answer is checked; each run prints its figures beside the targets.
 */
const PARTS = 10_000;
const TARGET_MS = 20_000;
const PROGRESS_GAP_TARGET_MS = 1_000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: InjectClient;
let cookie = '';
let xsrfToken = '';
let bytes: Buffer;
let run = 0;

beforeAll(async () => {
  server = await startTestServer({ validateResponses: false });
  const agent = await signedIn(server.app, 'pe@provider.example');
  client = agent.client;
  cookie = cookieOf(agent.jar);
  xsrfToken = agent.jar.get('XSRF-TOKEN') ?? '';
  bytes = await catalogueFile(generatedEntries(PARTS, 'BENCH'));
  console.log(`catalogue file of ${PARTS.toLocaleString('en')} parts: ${(bytes.length / 1024).toFixed(0)} KB`);
}, 300_000);
afterAll(() => server.close());

async function importOnce(): Promise<void> {
  const file = await uploadCatalogue(server.app, client, bytes);
  const socket = await openHub(server.app, { cookie });
  const progressTimes: number[] = [];
  const done = new Promise<ImportProductMarketCompleted>((resolve) =>
    socket.on('message', (data) => {
      const parsed = ImportProductMarketServerMessage.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return;
      if (parsed.data.type === 'importProductMarketProgress') progressTimes.push(performance.now());
      else resolve(parsed.data);
    }),
  );
  const started = performance.now();
  socket.send(JSON.stringify({ type: 'importProductMarket', file, xsrfToken }));
  const completed = await done;
  const ended = performance.now();
  socket.close();
  if (completed.errorCode !== 0 || completed.importedCount !== PARTS) {
    failBench(`import failed: ${JSON.stringify(completed).slice(0, 500)}`);
  }
  const times = [started, ...progressTimes, ended];
  const longestGap = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
  const took = ended - started;
  run++;
  console.log(
    `${figureLine(`catalogue import ${run}`, took / 1000, TARGET_MS / 1000, 's')}, ` +
      `${progressTimes.length} progress messages, ` +
      figureLine('longest gap', longestGap, PROGRESS_GAP_TARGET_MS, 'ms', 0),
  );
  if (took > TARGET_MS) failBench(`the import took ${took.toFixed(0)} ms, over ${TARGET_MS} ms`);
  if (longestGap > PROGRESS_GAP_TARGET_MS) failBench(`no progress for ${longestGap.toFixed(0)} ms`);
}

describe('product catalogue import', () => {
  bench(
    `importProductMarket of ${PARTS.toLocaleString('en')} parts (.xlsx from storage over the hub, PGlite)`,
    importOnce,
    {
      iterations: 3,
      warmupIterations: 0,
      time: 0,
    },
  );
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from './server';
import { s3SettingsFromEnv } from './storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demoAccounts';
import { DEFAULT_SIZE } from './seed/demoWorld';
import { DEFAULT_RATE_LIMITS } from './auth/rateLimits';
import { publicOriginSetting } from './lib/publicOrigin';
import { parseTrustProxy } from './lib/trustProxy';
import { exactCountMaxSetting } from './lib/paging';
import { readReplicaSettings } from './db/readReplicas';
import { searchUrlSetting } from './search/searchIndex';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
/** `npm start` passes --demo: the demo world and the outbox page. A deployment leaves it out. */
const demo = process.argv.includes('--demo');
const perMinute = Number(process.env.RATE_LIMIT_PER_MINUTE);
/** Equipment of the demo world when it is first created (tests start smaller worlds). */
const demoEquipment = Number(process.env.DEMO_EQUIPMENT);
const vacuumMinutes = Number(process.env.VACUUM_INTERVAL_MINUTES);
let publicOrigin: string;
let trustProxy: string[] | undefined;
let exactCountMax: number;
let replicas: ReturnType<typeof readReplicaSettings>;
let search: ReturnType<typeof searchUrlSetting>;
try {
  publicOrigin = publicOriginSetting(process.env, { demo, port });
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  exactCountMax = exactCountMaxSetting(process.env.LIST_EXACT_COUNT_MAX);
  replicas = readReplicaSettings(process.env);
  search = searchUrlSetting(process.env.SEARCH_URL);
} catch (error) {
  console.error(`The server does not start: ${(error as Error).message}`);
  process.exit(1);
}

const server = await createServer({
  databaseUrl: process.env.DATABASE_URL,
  ...replicas,
  dataDir,
  webRoot: path.join(root, 'web/dist'),
  logger: process.env.LOG_REQUESTS === '1',
  secureCookies: process.env.SECURE_COOKIES === '1',
  publicOrigin,
  trustProxy,
  demo,
  size: demoEquipment > 0 ? { ...DEFAULT_SIZE, equipment: demoEquipment } : DEFAULT_SIZE,
  rateLimits: perMinute > 0 ? { ...DEFAULT_RATE_LIMITS, perMinute } : DEFAULT_RATE_LIMITS,
  warmReports: true,
  vacuumIntervalMs: vacuumMinutes > 0 ? vacuumMinutes * 60_000 : undefined,
  runsHubJobs: process.env.HUB_JOBS !== '0',
  s3: s3SettingsFromEnv(process.env),
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM,
  exactCountMax,
  search,
});
await server.app.listen({ port, host });

const readers = replicas.readUrls ? ` with ${replicas.readUrls.length} read replica(s) (DATABASE_READ_URL)` : '';
const where = process.env.DATABASE_URL
  ? `PostgreSQL (DATABASE_URL)${readers}`
  : `PGlite in ${path.join(dataDir, 'pglite')}`;
console.log(`\nInstrument-owner portal: http://localhost:${port}/login`);
console.log(`Database: ${where}${server.seeded ? ' (demo world created)' : ''}`);
if (search) console.log(`Search index: searchd at ${search.host}:${search.port} (SEARCH_URL)`);
if (process.env.SMTP_URL) console.log(`Mail: sent through SMTP_URL, delivery at http://localhost:${port}/dev/outbox`);
if (demo) {
  console.log(`Demo sign-ins (password ${DEMO_PASSWORD}); queued mails at http://localhost:${port}/dev/outbox:`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.what}`);
}
console.log('Press Ctrl-C to stop.\n');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './deps';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { DEFAULT_VACUUM_INTERVAL_MS, scheduleVacuum } from './db/maintenance';
import { DEFAULT_SIZE, type DemoWorldSize } from './seed/demoWorld';
import { seedDemoWorldOnce } from './seed/seedOnce';
import { ReportRenderer } from './reports/reportRenderer';
import { writeDemoAttachmentFiles } from './seed/messages';
import { S3Storage, storageOf, type FileStorage, type S3Settings } from './storage';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './auth/rateLimits';
import { startMailDispatcher, type DispatchTiming } from './mail/dispatcher';
import type { ProductResourceFetcher } from './catalogue/productResources';
import { requirePublicOrigin } from './lib/publicOrigin';
import { DEFAULT_REMINDER_INTERVAL_MS, scheduleReminders } from './dueDates/reminders';
import { SearchIndex } from './search/searchIndex';

export interface ServerOptions {
  databaseUrl?: string;
  /** Read replicas of databaseUrl (DATABASE_READ_URL): the read-only handlers read from them (db/readRouting.ts). */
  readUrls?: string[];
  /** A replica further behind the primary than this is skipped (DATABASE_READ_MAX_LAG_MS). */
  replicaMaxLagMs?: number;
  dataDir?: string;
  /** Without databaseUrl and dataDir: the in-memory PGlite starts from this dumped data directory. */
  pgliteSnapshot?: Blob;
  /** Folder of stored files; default `<dataDir>/files`, else a temporary folder removed on close. */
  filesDir?: string;
  /** Files on this S3-compatible store instead (STORAGE=s3, README "Files on S3"). */
  s3?: S3Settings;
  webRoot?: string;
  size?: DemoWorldSize;
  logger?: boolean;
  validateResponses?: boolean;
  secureCookies?: boolean;
  /** The portal's public origin for the links in mails (PUBLIC_ORIGIN); an http(s) origin without a path. */
  publicOrigin: string;
  /** Addresses or ranges of the proxies in front (TRUST_PROXY, see lib/trustProxy.ts); absent: trust nobody. */
  trustProxy?: string[];
  /** Opt in to the demo world (seeded once, on an empty database) and the development pages: `npm start` does. */
  demo?: boolean;
  /** Default: the limits of DEFAULT_RATE_LIMITS; false turns them off. */
  rateLimits?: RateLimits | false;
  /** Start the service-report worker at once (fonts loaded before the first report) rather than on first use. */
  warmReports?: boolean;
  /** Run queued hub jobs (the imports) in this process; false: another process runs them. Default true. */
  runsHubJobs?: boolean;
  /** PGlite only (PostgreSQL has autovacuum): how often to vacuum and analyse; false never. */
  vacuumIntervalMs?: number | false;
  /** How often the due-date reminders (weekly digest, overdue notices) are looked for; false never. */
  reminderIntervalMs?: number | false;
  /** Send the mail outbox through this SMTP transport URL (SMTP_URL), from mailFrom (MAIL_FROM). */
  smtpUrl?: string;
  mailFrom?: string;
  /** The mail dispatcher's intervals and limits (tests make them short). */
  mailTiming?: Partial<DispatchTiming>;
  /** Reads product pages for the Resources tab (tests give one with their own outbound policy). */
  productResources?: ProductResourceFetcher;
  /** How many matches the large lists count exactly (LIST_EXACT_COUNT_MAX); default EXACT_COUNT_MAX. */
  exactCountMax?: number;
  /** How long a list's count call counts before it answers a lower bound, in ms (tests set 0). */
  countBoundMs?: number;
  /** The search index beside the database (SEARCH_URL, searchd's SphinxQL listener). */
  search?: { host: string; port: number };
}

export interface RunningServer {
  app: FastifyInstance;
  /** The app's configuration, as its routes read it. */
  config: AppConfig;
  database: DatabaseHandle;
  seeded: boolean;
  storage: FileStorage;
  /** The search index, when the server was given one. */
  search?: SearchIndex;
  close(): Promise<void>;
}

/** Open (or create) the database, migrate it, seed the demo world once when asked to, and build the app. */
export async function createServer(opts: ServerOptions): Promise<RunningServer> {
  const publicOrigin = requirePublicOrigin(opts.publicOrigin);
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl,
    readUrls: opts.readUrls,
    replicaMaxLagMs: opts.replicaMaxLagMs,
    dataDir: opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined,
    loadDataDir: opts.pgliteSnapshot,
  });
  await migrateToLatest(database.db as never);
  const seeded = opts.demo ? await seedDemoWorldOnce(database, opts.size ?? DEFAULT_SIZE) : false;
  const tempFilesDir = opts.filesDir || opts.dataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const config: AppConfig = {
    secureCookies: opts.secureCookies ?? false,
    publicOrigin,
    trustProxy: opts.trustProxy,
    validateResponses: opts.validateResponses ?? false,
    webRoot: opts.webRoot,
    filesDir: opts.filesDir ?? (opts.dataDir ? path.join(opts.dataDir, 'files') : tempFilesDir),
    s3: opts.s3,
    rateLimits: opts.rateLimits ?? DEFAULT_RATE_LIMITS,
    devPages: opts.demo ?? false,
    singleProcessDatabase: database.kind === 'pglite',
    runsHubJobs: opts.runsHubJobs ?? true,
    mailDispatch: Boolean(opts.smtpUrl),
    exactCountMax: opts.exactCountMax,
    countBoundMs: opts.countBoundMs,
  };
  if (opts.demo) await writeDemoAttachmentFiles(database.db, storageOf(config));
  let logError: (err: unknown, what: string) => void = (err, what) => console.warn(what, err);
  const search = opts.search
    ? await SearchIndex.open(database.db, opts.search, (err, what) => logError(err, what))
    : undefined;
  const reports = new ReportRenderer();
  if (opts.warmReports) reports.start();
  const app = await buildApp(
    {
      db: database.db,
      config,
      listen: database.listen,
      readReplicas: database.replicas,
      reports,
      productResources: opts.productResources,
      search,
    },
    { logger: opts.logger },
  );
  logError = (err, what) => app.log.warn({ err }, what);
  const vacuumEvery = opts.vacuumIntervalMs ?? DEFAULT_VACUUM_INTERVAL_MS;
  const stopVacuum =
    database.kind === 'pglite' && vacuumEvery !== false
      ? scheduleVacuum(database.db, vacuumEvery, (err) => app.log.warn({ err }, 'scheduled vacuum'))
      : async () => {};
  const reminderEvery = opts.reminderIntervalMs ?? DEFAULT_REMINDER_INTERVAL_MS;
  const stopReminders =
    reminderEvery !== false
      ? scheduleReminders(database.db, {
          publicOrigin,
          intervalMs: reminderEvery,
          onError: (err) => app.log.warn({ err }, 'due-date reminders'),
        })
      : async () => {};
  const mail = opts.smtpUrl
    ? await startMailDispatcher({
        db: database.db,
        listen: database.listen,
        storage: storageOf(config),
        smtpUrl: opts.smtpUrl,
        from: opts.mailFrom,
        timing: opts.mailTiming,
        onError: (err) => app.log.warn({ err }, 'mail dispatch'),
      })
    : null;
  return {
    app,
    config,
    database,
    seeded,
    storage: storageOf(config),
    search,
    async close() {
      await mail?.stop();
      await app.close();
      await search?.close();
      await stopVacuum();
      await stopReminders();
      await reports.close();
      await database.close();
      const storage = storageOf(config);
      if (storage instanceof S3Storage) storage.close();
      if (tempFilesDir) rmSync(tempFilesDir, { recursive: true, force: true });
    },
  };
}

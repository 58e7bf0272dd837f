import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RunningServer } from '../../api-mock/src/server';
import type { DemoWorldSize } from '../../api-mock/src/seed/demoWorld';
import type { RateLimits } from '../../api-mock/src/auth/rateLimits';
import type { S3Settings } from '../../api-mock/src/storage';
import type { ProductResourceFetcher } from '../../api-mock/src/catalogue/productResources';
import { TEST_WORLD_SIZE, testWorldSnapshot } from './worldSnapshot';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The public origin (PUBLIC_ORIGIN) of a test server that does not listen: the links in its mails name it. */
export const TEST_PUBLIC_ORIGIN = 'http://portal.test';

/**
 * A server on a fresh in-memory PGlite (or on `databaseUrl`) with a small demo world, copied from the run's seeded
 * test world when there is one, or seeded at the size a test asks for.
 */
export async function startTestServer(
  opts: {
    listen?: boolean;
    databaseUrl?: string;
    /** Read replicas of databaseUrl (DATABASE_READ_URL). */
    readUrls?: string[];
    /** A replica further behind than this is skipped (DATABASE_READ_MAX_LAG_MS). */
    replicaMaxLagMs?: number;
    dataDir?: string;
    size?: DemoWorldSize;
    validateResponses?: boolean;
    rateLimits?: RateLimits | false;
    secureCookies?: boolean;
    /** The proxies the server trusts (TRUST_PROXY). */
    trustProxy?: string[];
    /** Keep files on this S3-compatible store (tests/support/s3Server.ts) instead of a temporary folder. */
    s3?: S3Settings;
    /** false: this process serves hub sockets but runs no queued hub job. */
    runsHubJobs?: boolean;
    productResources?: ProductResourceFetcher;
    /** How many matches the large lists count exactly (LIST_EXACT_COUNT_MAX); tests of the capped total set few. */
    exactCountMax?: number;
    /** How long a list's count call counts before it answers a lower bound, in ms. */
    countBoundMs?: number;
    /** The search index beside the database (tests/support/searchd.ts). */
    search?: { host: string; port: number };
  } = {},
): Promise<RunningServer & { url: string }> {
  const fromTestWorld = !opts.databaseUrl && !opts.dataDir && opts.size === undefined;
  const server = await createServer({
    databaseUrl: opts.databaseUrl,
    readUrls: opts.readUrls,
    replicaMaxLagMs: opts.replicaMaxLagMs,
    dataDir: opts.dataDir,
    pgliteSnapshot: (fromTestWorld && testWorldSnapshot()) || undefined,
    webRoot: path.join(ROOT, 'web/dist'),
    size: opts.size ?? TEST_WORLD_SIZE,
    validateResponses: opts.validateResponses ?? true,
    secureCookies: opts.secureCookies,
    publicOrigin: TEST_PUBLIC_ORIGIN,
    trustProxy: opts.trustProxy,
    s3: opts.s3,
    runsHubJobs: opts.runsHubJobs,
    productResources: opts.productResources,
    exactCountMax: opts.exactCountMax,
    countBoundMs: opts.countBoundMs,
    search: opts.search,
    demo: true,
    // Tests send calls far faster than a person; the rate-limit tests turn the limits on.
    rateLimits: opts.rateLimits ?? false,
  });
  let url = '';
  if (opts.listen) {
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    // The port is known only now: the links in mails lead to this server, as e2e tests follow them.
    server.config.publicOrigin = url;
  }
  return { ...server, url };
}

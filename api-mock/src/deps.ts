import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Listen } from './db/connect';
import type { ReadReplicas } from './db/readReplicas';
import type { RateLimits } from './auth/rateLimits';
import type { ReportRenderer } from './reports/reportRenderer';
import type { ProductResourceFetcher } from './catalogue/productResources';
import type { S3Settings } from './storage/fileStorage';
import type { SearchIndex } from './search/searchIndex';

export interface AppConfig {
  /** Set the Secure flag on cookies (behind HTTPS). */
  secureCookies: boolean;
  /**
   * Where users reach the portal (PUBLIC_ORIGIN, checked by parsePublicOrigin): every link in a mail names it, never
   * the host a request came with.
   */
  publicOrigin: string;
  /**
   * The proxies whose X-Forwarded-For names the client (TRUST_PROXY): request.ip is then the client's address, which
   * the sign-in throttle and the rate limits count by. Absent: nobody is trusted and request.ip is the socket's.
   */
  trustProxy?: string[];
  /** Validate every answer against the contract (on in tests). */
  validateResponses: boolean;
  /** Folder of the built web app; served with a fallback to index.html when present. */
  webRoot?: string;
  /** Folder of the local file store (uploads and downloads through signed URLs); a temporary one when absent. */
  filesDir?: string;
  /** Files on an S3-compatible store instead of filesDir (STORAGE=s3); filesDir then keeps only the secret. */
  s3?: S3Settings;
  /** Limits per user and per address; false turns them off (tests that send thousands of calls). */
  rateLimits: RateLimits | false;
  /** Development pages (the mail outbox), opted into with the demo world: never on a production deployment. */
  devPages: boolean;
  /** Mails leave through SMTP (SMTP_URL): the outbox page shows each mail's delivery, for PE users, demo or not. */
  mailDispatch?: boolean;
  /**
   * The database serves this process alone (embedded PGlite): at start, any import left unfinished was cut off by
   * a stop of this very server, so it is taken back at once. Absent: PostgreSQL, which several processes may share.
   */
  singleProcessDatabase?: boolean;
  /** This process runs queued hub jobs (the imports); false: it only serves sockets. Default true. */
  runsHubJobs?: boolean;
  /** The large lists count their matches exactly up to this many (LIST_EXACT_COUNT_MAX); absent: EXACT_COUNT_MAX. */
  exactCountMax?: number;
  /** How long a list's count call counts before it answers a lower bound, in ms; absent: COUNT_BOUND_MS. */
  countBoundMs?: number;
}

export interface AppDeps {
  db: Kysely<Database>;
  config: AppConfig;
  /** LISTEN/NOTIFY of the database; without it the real-time hub is not served. */
  listen?: Listen;
  /** The read replicas (DATABASE_READ_URL) whose routing the handlers run under; absent: the primary answers all. */
  readReplicas?: ReadReplicas;
  /** The service-report worker; buildApp starts one (and stops it on close) when absent. */
  reports?: ReportRenderer;
  /** Reads product pages for the Resources sub-tab; buildApp makes one when absent. */
  productResources?: ProductResourceFetcher;
  /** The search index beside the database (SEARCH_URL) that equipment lists with a word answer from; absent: none. */
  search?: SearchIndex;
}

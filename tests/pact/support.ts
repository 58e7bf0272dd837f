import path from 'node:path';
import http from 'node:http';
import { PactV3, MatchersV3, type V3MockServer, type V3Request } from '@pact-foundation/pact';
import { client } from '../../web/src/lib/api';
import { setAdminMode, setUserCustomerId } from '../../web/src/lib/requestLayer';
import { RequestFailure, type RequestError } from '../../web/src/lib/requestErrors';
import { ROOT } from '../support/testServer';

export const CONSUMER = 'portal-web';
export const PROVIDER = 'portal-api';
export const PACT_DIR = path.join(ROOT, 'pacts');
export const PACT_FILE = path.join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

/** A placeholder the provider side replaces with the real token of its session. */
export const XSRF_PLACEHOLDER = 'xsrf-token-from-cookie';

/** The customer the request layer names in every call of a signed-in browser (Acme Labs). */
export const EXAMPLE_CUSTOMER_ID = 1;

/**
 * The query the request layer adds to every call (spec 1 section 7): the signed-in user's customer and the browser's
 * offset east of UTC in minutes. Matched by form, so the pact records the same examples on any machine and in any zone.
 */
export const COMMON_QUERY = {
  /** The verifier sends the customer of the state's session (the state setup answers it as userCustomerId). */
  userCustomerId: MatchersV3.fromProviderState('${userCustomerId}', String(EXAMPLE_CUSTOMER_ID)),
  timeZoneDiff: MatchersV3.regex('^-?\\d+$', '0'),
};

/**
 * The provider states that leave the browser signed out (docs/pact-provider-states.md, "none (signed out)"). Before
 * anyone signs in the app knows no customer, so its calls carry timeZoneDiff but no userCustomerId.
 */
export const SIGNED_OUT_STATES: readonly string[] = [
  'no session',
  'the demo world exists',
  'an invitation link was mailed',
];

/**
 * Pact's builder, with every request expecting what the web app's request layer adds to it, and every test run in a
 * browser (see `inBrowser`) on the mock server's origin whose customer follows the interaction's provider states.
 */
class BrowserPact extends PactV3 {
  private stateNames: string[] = [];

  /** Whether the browser of this interaction is signed out: every state it is given signs nobody in. */
  private get signedOut() {
    return this.stateNames.length > 0 && this.stateNames.every((name) => SIGNED_OUT_STATES.includes(name));
  }

  override given(providerState: string, parameters?: Parameters<PactV3['given']>[1]): this {
    this.stateNames.push(providerState);
    super.given(providerState, parameters);
    return this;
  }

  override withRequest(req: V3Request): this {
    const { userCustomerId, ...signedOutQuery } = COMMON_QUERY;
    const common = this.signedOut ? signedOutQuery : { userCustomerId, ...signedOutQuery };
    // The interaction's own values come last: a test may pin one (a browser in a known zone).
    super.withRequest({ ...req, query: { ...common, ...req.query } });
    return this;
  }

  override executeTest<T>(testFn: (server: V3MockServer) => Promise<T>): Promise<T | undefined> {
    const userCustomerId = this.signedOut ? null : EXAMPLE_CUSTOMER_ID;
    this.stateNames = [];
    return super.executeTest((server) => inBrowser(server.url, userCustomerId, () => testFn(server)));
  }
}

export const pact = () => new BrowserPact({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });

/**
 * The browser's `fetch`, for the request layer, with each request on a fresh connection (`agent: false`): each test
 * has its own mock server, and a kept-alive socket of an earlier one (fetch pools them) can meet the next server on
 * the same port. Relative URLs resolve against `window.location.origin`, as in the page.
 */
const freshConnectionFetch: typeof fetch = async (input, init) => {
  const request =
    input instanceof Request && init === undefined
      ? input
      : new Request(input instanceof Request ? input : new URL(String(input), window.location.origin), init);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (body) headers['content-length'] = String(body.length);
  const { signal } = request;
  signal.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(request.url, { method: request.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
            answerHeaders.append(name, v);
        }
        const status = res.statusCode ?? 0;
        const nullBody = [101, 204, 205, 304].includes(status);
        resolve(
          new Response(nullBody ? null : Buffer.concat(chunks), {
            status,
            statusText: res.statusMessage ?? '',
            headers: answerHeaders,
          }),
        );
      });
    });
    const abort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    req.on('close', () => signal.removeEventListener('abort', abort));
    req.on('error', reject);
    req.end(body);
  });
};

/** Puts a global in place and returns what puts the old one back (or removes it, when there was none). */
function replaceGlobal(name: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: true });
  return () => {
    if (before) Object.defineProperty(globalThis, name, before);
    else delete (globalThis as Record<string, unknown>)[name];
  };
}

let browserOrigin: string | null = null;

/**
 * Runs `run` with what the request layer reads of the browser in place: `window.location.origin` (the mock server),
 * `document.cookie` (the anti-forgery cookie) and `fetch`; the signed-in customer set as the app sets it. Afterwards
 * the globals are put back and the request layer is left signed out and in normal mode.
 */
async function inBrowser<T>(origin: string, userCustomerId: number | null, run: () => Promise<T>): Promise<T> {
  const restore = [
    replaceGlobal('window', { location: { origin } }),
    replaceGlobal('document', { cookie: `XSRF-TOKEN=${XSRF_PLACEHOLDER}` }),
    replaceGlobal('fetch', freshConnectionFetch),
  ];
  browserOrigin = origin;
  setUserCustomerId(userCustomerId);
  try {
    return await run();
  } finally {
    setUserCustomerId(null);
    setAdminMode(false);
    browserOrigin = null;
    restore.reverse().forEach((undo) => undo());
  }
}

/**
 * The web app's own typed client (web/src/lib/api.ts) and request layer, as the browser calls the server: the common
 * query, the anti-forgery header read from the cookie on changing calls, failures thrown as RequestFailure. It runs in
 * the browser `executeTest` sets up on the mock server at `baseUrl`.
 */
export function pactClient(baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  if (browserOrigin !== origin) {
    throw new Error(`pactClient(${baseUrl}) outside the executeTest of a pact() on that mock server`);
  }
  return client;
}

/** The error of a call the request layer failed (its RequestFailure); fails the test when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<RequestError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof RequestFailure) return e.error;
    throw e;
  }
  throw new Error('the call succeeded; the request layer was expected to throw a RequestFailure');
}

export const changingHeaders = {
  'Content-Type': 'application/json',
  'x-xsrf-token': MatchersV3.string(XSRF_PLACEHOLDER),
};

export const { like, eachLike, integer, string, boolean, regex, nullValue } = MatchersV3;

/** A signed-in user as users/me and sign-in give it (types matched, not values). */
export const loggedInUser = (overrides: Record<string, unknown> = {}) => ({
  userId: integer(1),
  firstName: string('Uma'),
  lastName: string('Standard'),
  displayName: string('Uma Standard'),
  emailAddress: string('user@acme-labs.example'),
  languageId: integer(1),
  languageCode: string('en-us'),
  locationId: integer(1),
  userLocation: {
    customerId: integer(1),
    encryptedCustomerId: string('6c195e07e6b76e8dc881ab61b74aafb9'),
    countryCode: string('US'),
    customer: {
      id: integer(1),
      name: string('Acme Labs'),
      customerLocations: eachLike({
        locationId: integer(1),
        city: string('Boston'),
        siteAddress: string('100 Summer St'),
        countryCode: string('US'),
      }),
      customerPermission: { isProductAddingEnabled: boolean(true) },
      isProviderDomain: boolean(false),
      customerLogoFileIdentifier: nullValue(),
      customizeAssetId: nullValue(),
      customizeGeneral1: nullValue(),
      customizeGeneral2: nullValue(),
      customizeGeneral3: nullValue(),
    },
  },
  privilege: eachLike({ accessCode: string('CONTRACT_MANAGEMENT') }),
  isPEUser: boolean(false),
  role: integer(1),
  avatarUrl: nullValue(),
  avatarThumbnailUrl: nullValue(),
  officePhone: string('+1 617 555 0100'),
  statusCode: integer(1),
  isActive: boolean(true),
  ...overrides,
});

export const errorBody = (errorCode: number) => ({ errorCode, errorMessage: string('explanation') });

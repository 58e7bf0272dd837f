import path from 'node:path';
import { PactV3, MatchersV3 } from '@pact-foundation/pact';
import http from 'node:http';
import { initClient, type ApiFetcherArgs } from '@ts-rest/core';
import { contract } from '../../contract';
import { ROOT } from '../support/testServer';

export const CONSUMER = 'portal-web';
export const PROVIDER = 'portal-api';
export const PACT_DIR = path.join(ROOT, 'pacts');
export const PACT_FILE = path.join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

export const pact = () => new PactV3({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });

/** A placeholder the provider side replaces with the real token of its session. */
export const XSRF_PLACEHOLDER = 'xsrf-token-from-cookie';

/**
 * One request on a fresh connection: each test has its own mock server, and a kept-alive socket of an earlier one
 * (fetch pools them) can meet the next server on the same port.
 */
function send(args: ApiFetcherArgs): Promise<{ status: number; body: unknown; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...args.headers };
    if (typeof args.body === 'string') headers['content-length'] = String(Buffer.byteLength(args.body));
    const req = http.request(args.path, { method: args.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answerHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') answerHeaders.set(k, v);
        const json = (res.headers['content-type'] ?? '').includes('json');
        resolve({ status: res.statusCode ?? 0, body: json && text ? JSON.parse(text) : text, headers: answerHeaders });
      });
    });
    req.on('error', reject);
    if (typeof args.body === 'string') req.write(args.body);
    req.end();
  });
}

/** The typed client of the web app, as it calls the server (anti-forgery header on changing calls). */
export function pactClient(baseUrl: string) {
  const api = (args: ApiFetcherArgs) =>
    send({
      ...args,
      headers: args.method === 'GET' ? args.headers : { ...args.headers, 'x-xsrf-token': XSRF_PLACEHOLDER },
    });
  return initClient(contract, { baseUrl, baseHeaders: {}, api });
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

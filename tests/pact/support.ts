import path from 'node:path';
import { PactV3, MatchersV3 } from '@pact-foundation/pact';
import { initClient, tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';
import { contract } from '../../contract';
import { ROOT } from '../support/testServer';

export const CONSUMER = 'portal-web';
export const PROVIDER = 'portal-api';
export const PACT_DIR = path.join(ROOT, 'pacts');
export const PACT_FILE = path.join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

export const pact = () => new PactV3({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });

/** A placeholder the provider side replaces with the real token of its session. */
export const XSRF_PLACEHOLDER = 'xsrf-token-from-cookie';

/** The typed client of the web app, as it calls the server (anti-forgery header on changing calls). */
export function pactClient(baseUrl: string) {
  const api = (args: ApiFetcherArgs) =>
    tsRestFetchApi({
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

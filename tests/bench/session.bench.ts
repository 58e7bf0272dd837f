import { afterAll, beforeAll, bench, describe } from 'vitest';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { timed } from './timed';

// In-process on PGlite: the calls every page makes first. No issue sets a target; every answer is checked.
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: InjectClient;

beforeAll(async () => {
  server = await startTestServer();
  client = (await signedIn(server.app, 'user@acme-labs.example')).client;
});
afterAll(() => server.close());

const me = timed(
  'GET users/me',
  null,
  (body: { result?: { emailAddress?: string } }) =>
    body.result?.emailAddress === 'user@acme-labs.example' || 'not the signed-in user',
);

describe('session', () => {
  bench('GET users/me (signed in)', async () => {
    await me(() => client.users.me());
  });
});

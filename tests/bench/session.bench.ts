import { afterAll, beforeAll, bench, describe } from 'vitest';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';

// In-process on PGlite: the calls every page makes first.
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: InjectClient;

beforeAll(async () => {
  server = await startTestServer();
  client = (await signedIn(server.app, 'user@acme-labs.example')).client;
});
afterAll(() => server.close());

describe('session', () => {
  bench('GET users/me (signed in)', async () => {
    await client.users.me();
  });
});

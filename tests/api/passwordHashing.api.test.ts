import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_PARAMS, needsRehash, PRODUCTION_HASH_PARAMS } from '../../api-mock/src/auth/password';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** A hash as an older portal stored it, at scrypt N = 2^10. */
const weakHash = (password: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};

const hashOf = async (email: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('password hashing', () => {
  it("follows OWASP's scrypt guidance in a running portal (N at least 2^16)", () => {
    expect(PRODUCTION_HASH_PARAMS.N).toBeGreaterThanOrEqual(2 ** 16);
    expect(PRODUCTION_HASH_PARAMS.r).toBeGreaterThanOrEqual(8);
  });

  it('stores a weaker hash anew at the next sign-in, and the password still signs in', async () => {
    const email = 'manager@acme-labs.example';
    await server.database.db
      .updateTable('users')
      .set({ password_hash: weakHash('Portal2026') })
      .where('email', '=', email)
      .execute();
    expect(needsRehash(await hashOf(email))).toBe(true);
    await signedIn(server.app, email);
    const stored = await hashOf(email);
    expect(stored.split('$')[1]).toBe(String(HASH_PARAMS.N));
    expect(needsRehash(stored)).toBe(false);
    await signedIn(server.app, email);
  });

  it('refuses a stored hash whose cost is out of bounds instead of spending the machine on it', async () => {
    const email = 'admin@globex.example';
    await server.database.db
      .updateTable('users')
      .set({ password_hash: 'scrypt$1073741824$8$1$c2FsdA$aGFzaA' })
      .where('email', '=', email)
      .execute();
    await expect(signedIn(server.app, email)).rejects.toThrow(/sign-in of/);
  });
});

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's password storage guidance for scrypt: N = 2^17, r = 8, p = 1. */
export const PRODUCTION_HASH_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Inside the test runner only, so thousands of sign-ins stay fast; never in a running portal. */
const TEST_HASH_PARAMS: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };
export const HASH_PARAMS = process.env.VITEST ? TEST_HASH_PARAMS : PRODUCTION_HASH_PARAMS;

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; allow twice that.
  const opts: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = HASH_PARAMS;
  const key = await derive(password, salt, HASH_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const paramsOf = (stored: string): ScryptParams | null => {
  const [scheme, n, r, p] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane = Object.values(params).every((v) => Number.isInteger(v) && v > 0) && params.N <= 2 ** 20;
  return scheme === 'scrypt' && sane ? params : null;
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = paramsOf(stored);
  const [, , , , salt, hash] = stored.split('$');
  if (!params || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash made at a lower cost than today's: the next sign-in stores it anew. */
export function needsRehash(stored: string): boolean {
  const params = paramsOf(stored);
  return !params || params.N < HASH_PARAMS.N || params.r < HASH_PARAMS.r || params.p < HASH_PARAMS.p;
}

/** Compared against when the account does not exist, at today's cost, so both answers take as long. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(12).toString('base64url')));

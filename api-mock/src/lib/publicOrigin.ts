/** Longer than any origin a deployment uses; checked before the value is parsed. */
const ORIGIN_MAX = 2048;

const refused = (value: string, why: string) =>
  new Error(
    `PUBLIC_ORIGIN must be the portal's public origin, an http(s) URL without a path, like https://portal.example.com; ` +
      `${JSON.stringify(value.slice(0, 100))} ${why}`,
  );

/**
 * The origin the links in mails name (sign-up and sign-in links), from PUBLIC_ORIGIN: scheme, host and port only,
 * normalised (`https://Portal.Example:443/` is `https://portal.example`). Throws, naming the setting, for anything
 * else.
 */
export function parsePublicOrigin(value: string): string {
  if (value.length > ORIGIN_MAX) throw refused(value, `is longer than ${ORIGIN_MAX} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(value, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(value, 'is not http or https');
  if (url.username !== '' || url.password !== '') throw refused(value, 'has a user name or password');
  if (url.pathname !== '/' || value.includes('?') || value.includes('#')) {
    throw refused(value, 'has a path, a query or a fragment');
  }
  return url.origin;
}

/** parsePublicOrigin of a setting that must be there: without it, mails would carry no working link. */
export function requirePublicOrigin(value: string | undefined): string {
  if (value === undefined || value === '') {
    throw new Error(
      'PUBLIC_ORIGIN is not set: a deployment needs the origin users reach the portal at, for the links in its ' +
        'mails (e.g. PUBLIC_ORIGIN=https://portal.example.com)',
    );
  }
  return parsePublicOrigin(value);
}

/**
 * The public origin of the server main.ts starts: PUBLIC_ORIGIN when set; with the demo world (`npm start`), else the
 * server's own local URL; a deployment (no demo) without it does not start.
 */
export function publicOriginSetting(env: NodeJS.ProcessEnv, { demo, port }: { demo: boolean; port: number }): string {
  if (demo && !env.PUBLIC_ORIGIN) return `http://localhost:${port}`;
  return requirePublicOrigin(env.PUBLIC_ORIGIN);
}

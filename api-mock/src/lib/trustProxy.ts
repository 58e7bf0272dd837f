import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** The names proxy-addr expands into address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** More than any deployment has proxies; a longer list is a mistake, not a configuration. */
const MAX_ENTRIES = 64;

/**
 * TRUST_PROXY: the comma-separated addresses or ranges (CIDR, address/netmask, or proxy-addr's loopback, linklocal,
 * uniquelocal) of the proxies in front of the server, for Fastify's `trustProxy`. Absent or blank: trust nobody, and
 * a request's address is its socket's. A bad value throws, naming the entry, so the server does not start with a
 * setting it would misread; a bare number (a hop count elsewhere) or `true` would trust whoever connects.
 */
export function parseTrustProxy(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const entries = value.split(',').map((e) => e.trim());
  if (entries.length > MAX_ENTRIES) throw new Error(`TRUST_PROXY: more than ${MAX_ENTRIES} entries`);
  for (const entry of entries) {
    const address = entry.split('/')[0] ?? '';
    if (!NAMED_RANGES.has(entry) && isIP(address) === 0) {
      throw new Error(
        `TRUST_PROXY: "${entry.slice(0, 60)}" is not an IP address or range (e.g. 10.0.0.5 or 10.0.0.0/8)`,
      );
    }
    if (/\/(0+|0\.0\.0\.0)$/.test(entry)) {
      throw new Error(`TRUST_PROXY: "${entry.slice(0, 60)}" trusts every address, so any caller could name its own`);
    }
    try {
      proxyAddr.compile(entry);
    } catch (err) {
      throw new Error(
        `TRUST_PROXY: "${entry.slice(0, 60)}" is not an IP address or range (${(err as Error).message})`,
        {
          cause: err,
        },
      );
    }
  }
  return entries;
}

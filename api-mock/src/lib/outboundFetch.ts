import { promises as dns } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Every request the server sends to an address a caller chose (today: a catalogue row's product page) goes through
 * here. The S3 client (S3_ENDPOINT) and the mail transport (SMTP_URL) reach addresses the operator configured and do
 * not. A request is refused unless its scheme is http(s), its port allowed, and every address its host has, as
 * resolved at connect time, is a public unicast address; it follows no redirect and reads a bounded body in a
 * bounded time.
 */

/** The request was refused by the policy: nothing was sent (or, for a redirect, the redirect was not followed). */
export class OutboundRefused extends Error {}

export type Resolve = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface OutboundPolicy {
  isAllowedAddress(address: string): boolean;
  isAllowedPort(port: number): boolean;
  /** Host name to addresses; the addresses are checked, then connected to. */
  resolve: Resolve;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * A public unicast address: not loopback, private, shared (CGNAT), link-local, multicast, broadcast, unspecified,
 * documentation, benchmarking or otherwise reserved (ipaddr.js's special ranges). IPv6 must be global unicast
 * (2000::/3) outside those ranges, which also excludes NAT64, 6to4 and Teredo (they embed IPv4 addresses); an
 * IPv4-mapped address is judged by the IPv4 address it maps.
 */
export function isPublicAddress(address: string): boolean {
  if (address.length > 64 || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

export const isWebPort = (port: number) => port === 80 || port === 443;

export const PUBLIC_WEB: OutboundPolicy = {
  isAllowedAddress: isPublicAddress,
  isAllowedPort: isWebPort,
  resolve: (hostname) => dns.lookup(hostname, { all: true, verbatim: true }),
};

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
const isLocalName = (host: string) => {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/** Why a URL is refused without asking DNS (scheme, credentials, port, an IP literal), or null. */
function staticRefusal(url: URL, policy: OutboundPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http(s)`;
  if (url.username || url.password) return 'the URL carries credentials';
  if (!policy.isAllowedPort(portOf(url))) return `port ${portOf(url)} is not allowed`;
  const host = hostOf(url);
  if (isIP(host) && !policy.isAllowedAddress(host)) return `${host} is not a public address`;
  return null;
}

/**
 * A URL outboundGet would refuse whatever DNS answers, or one naming this machine (localhost): the catalogue import
 * refuses a row with such a product page. A name that resolves to a refused address is caught when connecting.
 */
export const isRefusedWithoutLookup = (url: URL) => staticRefusal(url, PUBLIC_WEB) !== null || isLocalName(hostOf(url));

/** The lookup a socket uses to connect: the policy's resolver, refusing when any address found is not allowed. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    policy.resolve(hostname).then(
      (found) => {
        const usable = found.filter((a) => wanted === 0 || a.family === wanted);
        const refused = usable.find((a) => !policy.isAllowedAddress(a.address));
        if (refused) return callback(new OutboundRefused(`${hostname} resolves to ${refused.address}`), '', 0);
        if (usable.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
        if (options.all) callback(null, [...usable]);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GET a URL under the policy: refused (OutboundRefused) before any connection when the URL or its host's addresses
 * are not allowed, and when the answer is a redirect. Throws when the whole exchange takes longer than timeoutMs or
 * the body is larger than maxBytes.
 */
export async function outboundGet(
  url: URL,
  opts: { timeoutMs: number; maxBytes: number; headers?: Record<string, string>; policy?: OutboundPolicy },
): Promise<OutboundResponse> {
  const policy = opts.policy ?? PUBLIC_WEB;
  const refusal = staticRefusal(url, policy);
  if (refusal) throw new OutboundRefused(refusal);
  const host = hostOf(url);
  // An IP literal connects without a lookup: staticRefusal has judged it.
  const request = (url.protocol === 'https:' ? https : http).request({
    hostname: host,
    port: portOf(url),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { ...opts.headers, 'accept-encoding': 'identity' },
    lookup: guardedLookup(policy),
    agent: false,
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    // Kept after the response too: an abort while the body is read must not go unheard.
    request.on('error', reject);
    request.end();
  });
  try {
    if (response.statusCode! >= 300 && response.statusCode! < 400) {
      throw new OutboundRefused(`redirect (${response.statusCode}) not followed`);
    }
    if (Number(response.headers['content-length'] ?? 0) > opts.maxBytes) throw new Error('body too large');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > opts.maxBytes) throw new Error('body too large');
      chunks.push(chunk);
    }
    return { status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) };
  } finally {
    request.destroy();
  }
}

import fc from 'fast-check';
import { z } from 'zod';
import { applyMutation, describe, hostileValue, mutation } from './hostile';
import { isRecord } from './isRecord';
import type { ContractRoute, HttpMethod } from './routes';
import { bestOf, parses, zodArbitrary, type ValuePools } from './zodArbitrary';

/**
 * Requests for a fuzz run, derived from the contract: every leaf route, values from its zod schemas (valid-ish),
 * and hostile mutations of them (wrong types, huge strings, deep nesting, odd unicode, prototype keys, odd ids,
 * broken JSON, oversized bodies, odd URLs, a missing anti-forgery token).
 */

/* ------------------------------------------------------------------------------------------------------------------
 * URLs.
 * ---------------------------------------------------------------------------------------------------------------- */

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** encodeURIComponent, except that a lone surrogate goes as its (invalid) 3-byte UTF-8 form instead of throwing. */
export function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = '';
    for (const ch of s) {
      const cp = ch.codePointAt(0)!;
      out +=
        cp >= 0xd800 && cp <= 0xdfff
          ? hex(0xe0 | (cp >> 12)) + hex(0x80 | ((cp >> 6) & 0x3f)) + hex(0x80 | (cp & 0x3f))
          : encodeURIComponent(ch);
    }
    return out;
  }
}

const scalarText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  if (typeof v === 'object') {
    try {
      return JSON.stringify(v) ?? '';
    } catch {
      return String(v);
    }
  }
  return String(v);
};

/** A query string as a browser or ts-rest would send it: arrays as repeated keys, objects as `a[b]=c`. */
export function encodeQuery(query: unknown): string {
  if (!isRecord(query) || Array.isArray(query)) return query === undefined ? '' : `q=${safeEncode(scalarText(query))}`;
  const parts: string[] = [];
  const add = (key: string, v: unknown, depth: number) => {
    if (v === undefined || parts.length > 2000) return;
    if (Array.isArray(v)) v.forEach((item) => add(key, item, depth + 1));
    else if (isRecord(v) && !(v instanceof Date) && depth < 50) {
      for (const [k, c] of Object.entries(v)) add(`${key}[${k}]`, c, depth + 1);
    } else parts.push(`${safeEncode(key)}=${v === null ? '' : safeEncode(scalarText(v))}`);
  };
  for (const [k, v] of Object.entries(query)) add(k, v, 0);
  return parts.join('&');
}

/** A query string as the server reads it: repeated keys as arrays. */
export function decodeQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------------------------
 * Requests.
 * ---------------------------------------------------------------------------------------------------------------- */

export interface FuzzRequest {
  route: string;
  method: HttpMethod;
  url: string;
  /** JSON text or raw bytes; undefined sends no body. */
  payload?: string | Buffer;
  contentType?: string;
  /** How the anti-forgery header goes on a changing call. */
  xsrf: 'ok' | 'missing' | 'wrong';
  /** The body is past the JSON body limit: the answer must be 413. */
  expect413: boolean;
  /** What is hostile about it ('valid' for none). */
  note: string;
}

/** Just over the 256 KB JSON body limit. */
export const OVERSIZE_BYTES = 300 * 1024;

const RAW_BODIES: Array<{ payload: string | Buffer; contentType?: string; note: string }> = [
  { payload: '{', contentType: 'application/json', note: 'truncated JSON' },
  { payload: '{"a":', contentType: 'application/json', note: 'truncated JSON' },
  { payload: '', contentType: 'application/json', note: 'empty JSON body' },
  { payload: 'null', contentType: 'application/json', note: 'JSON null' },
  { payload: '"text"', contentType: 'application/json', note: 'JSON string' },
  { payload: '1e999', contentType: 'application/json', note: 'JSON number beyond double' },
  { payload: '[]', contentType: 'application/json', note: 'JSON array' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json', note: 'raw __proto__' },
  {
    payload: '{"constructor":{"prototype":{"isAdmin":true}}}',
    contentType: 'application/json',
    note: 'raw constructor.prototype',
  },
  { payload: '{"a":1,"a":2}', contentType: 'application/json', note: 'duplicate keys' },
  { payload: '{"a":"\\ud800"}', contentType: 'application/json', note: 'escaped lone surrogate' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json', note: 'escaped NUL' },
  {
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    contentType: 'application/json',
    note: 'invalid UTF-8',
  },
  { payload: '\uFEFF{}', contentType: 'application/json', note: 'BOM before JSON' },
  { payload: '{}', contentType: 'application/json; charset=utf-16', note: 'utf-16 charset' },
  { payload: '{}', contentType: 'text/plain', note: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', note: 'form body' },
  { payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x', note: 'multipart' },
  { payload: '<a/>', contentType: 'application/xml', note: 'xml' },
  { payload: '{}', contentType: 'application/json, text/html', note: 'two content types' },
  { payload: '{}', contentType: '', note: 'empty content type' },
  { payload: nestedText(5000), contentType: 'application/json', note: 'JSON nested 5000 deep' },
];

function nestedText(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

const QUERY_TAILS = [
  '%',
  '%%',
  '%zz',
  'a=%E0%A4%A',
  '&&=&',
  '=',
  '__proto__[isAdmin]=true',
  '__proto__=1',
  'constructor[prototype][isAdmin]=true',
  'prototype=1',
  `${'a'.repeat(5000)}=1`,
  'userCustomerId=1&userCustomerId=2',
  'userCustomerId[]=1',
  'userCustomerId=-1',
  'userCustomerId=2147483648',
  'timeZoneDiff=1e3',
  'timeZoneDiff=NaN',
  'pageSize=1e9',
  'pageIndex=-1',
];

export interface RequestOptions {
  pools: ValuePools;
  /** Path parameter values: ids and texts of both customers. */
  paramValue: fc.Arbitrary<unknown>;
  /**
   * The customer of the caller's session: most valid requests name it as `userCustomerId`, as its page does (another
   * is answered 1041 before any handler), the others whatever the schema's arbitrary drew.
   */
  pageCustomerId?: number;
}

const fillPath = (route: ContractRoute, params: Record<string, unknown>) =>
  route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => safeEncode(scalarText(params[name] ?? '')));

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** Requests for one route: about half valid-ish, half hostile. */
export function requestArbitrary(route: ContractRoute, opts: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const { pools } = opts;
  const paramShape = (route.pathParams instanceof z.ZodObject ? route.pathParams.shape : {}) as Record<
    string,
    z.ZodTypeAny
  >;
  const paramsModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of route.paramNames) {
    const schema = paramShape[name];
    paramsModel[name] = schema
      ? fc.oneof({ arbitrary: opts.paramValue, weight: 2 }, { arbitrary: zodArbitrary(schema, pools, name), weight: 1 })
      : opts.paramValue;
  }
  const params = fc.record(paramsModel);
  // Whole-object refinements (a period that ends after it starts): the first of a few candidates that parses.
  const querySchema = route.query;
  const query = querySchema
    ? bestOf(zodArbitrary(querySchema, pools), (q) => parses(querySchema, decodeQuery(encodeQuery(q))), 3)
    : fc.constant({});
  const bodySchema = route.body;
  const hasBody = bodySchema !== undefined;
  const body = bodySchema
    ? bestOf(zodArbitrary(bodySchema, pools), (b) => parses(bodySchema, b), 3)
    : fc.constant(undefined);
  const changing = route.method !== 'GET';

  const build = (
    p: Record<string, unknown>,
    q: unknown,
    b: unknown,
    note: string,
    extra: Partial<FuzzRequest> = {},
  ) => {
    const url = withQuery(fillPath(route, p), encodeQuery(q));
    const json = b === undefined ? undefined : JSON.stringify(b);
    return {
      route: route.name,
      method: route.method,
      url,
      payload: json,
      contentType: json === undefined ? undefined : 'application/json',
      xsrf: 'ok',
      expect413: false,
      note,
      ...extra,
    } satisfies FuzzRequest as FuzzRequest;
  };

  const { pageCustomerId } = opts;
  const pageQuery =
    pageCustomerId === undefined
      ? query
      : fc
          .tuple(query, fc.nat(3))
          .map(([q, n]) => (n > 0 && isRecord(q) && !Array.isArray(q) ? { ...q, userCustomerId: pageCustomerId } : q));
  const valid = fc.tuple(params, pageQuery, body).map(([p, q, b]) => build(p, q, b, 'valid'));

  const hostileParams = () =>
    fc
      .tuple(params, query, body, fc.constantFrom(...route.paramNames), hostileValue)
      .map(([p, q, b, name, v]) => build({ ...p, [name]: v }, q, b, `param ${name} := ${describe(v)}`));

  const hostileQuery = fc.tuple(params, query, body, mutation).map(([p, q, b, m]) => {
    const { value, note } = applyMutation(q, m);
    return build(p, value, b, `query ${note}`);
  });

  const rawQuery = fc.tuple(params, query, body, fc.constantFrom(...QUERY_TAILS)).map(([p, q, b, tail]) => {
    const r = build(p, q, b, `query tail ${tail.slice(0, 40)}`);
    return { ...r, url: r.url + (r.url.includes('?') ? '&' : '?') + tail };
  });

  const hostileBody = fc.tuple(params, query, body, mutation).map(([p, q, b, m]) => {
    const { value, note } = applyMutation(b, m);
    return build(p, q, value, `body ${note}`);
  });

  const rawBody = fc
    .tuple(params, query, fc.constantFrom(...RAW_BODIES))
    .map(([p, q, raw]) =>
      build(p, q, undefined, `raw body: ${raw.note}`, { payload: raw.payload, contentType: raw.contentType }),
    );

  const oversize = fc
    .tuple(params, query, body, fc.constantFrom('application/json', 'text/plain'))
    .map(([p, q, b, contentType]) => {
      const pad = 'x'.repeat(OVERSIZE_BYTES);
      const json = JSON.stringify(isRecord(b) && !Array.isArray(b) ? { ...b, pad } : { value: b ?? null, pad });
      return build(p, q, undefined, `body over 256 KB (${contentType})`, {
        payload: json,
        contentType,
        expect413: true,
      });
    });

  const oddUrl = fc
    .tuple(
      params,
      query,
      body,
      fc.constantFrom('upper', 'lower', 'slash', 'admin', 'double-slash', 'dot-segment', 'encoded', 'fragment'),
    )
    .map(([p, q, b, how]) => {
      const r = build(p, q, b, `url ${how}`);
      const [path, search] = r.url.split('?', 2) as [string, string | undefined];
      const tail = search === undefined ? '' : `?${search}`;
      const variants: Record<string, string> = {
        upper: path.toUpperCase() + tail,
        lower: path.toLowerCase() + tail,
        slash: `${path}/${tail}`,
        admin: path.replace(/^\/api/, '/admin/api') + tail,
        'double-slash': path.replace(/^\/api\//, '/api//') + tail,
        'dot-segment': path.replace(/^\/api\//, '/api/./') + tail,
        encoded: path.replace(/^\/api\/(.)/, (_, ch: string) => `/api/%${ch.charCodeAt(0).toString(16)}`) + tail,
        fragment: `${path}#frag${tail}`,
      };
      return { ...r, url: variants[how]! };
    });

  const badXsrf = fc
    .tuple(params, query, body, fc.constantFrom<'missing' | 'wrong'>('missing', 'wrong'))
    .map(([p, q, b, xsrf]) => build(p, q, b, `xsrf ${xsrf}`, { xsrf }));

  // Weights: about half of the requests valid-ish, half hostile; a few oversized bodies.
  const arms: Array<fc.WeightedArbitrary<FuzzRequest>> = [
    { arbitrary: valid, weight: 120 },
    { arbitrary: hostileQuery, weight: 20 },
    { arbitrary: rawQuery, weight: 10 },
    { arbitrary: oddUrl, weight: 10 },
  ];
  if (route.paramNames.length > 0) arms.push({ arbitrary: hostileParams(), weight: 30 });
  if (hasBody) arms.push({ arbitrary: hostileBody, weight: 40 });
  if (changing || hasBody) arms.push({ arbitrary: rawBody, weight: 10 });
  if (changing) arms.push({ arbitrary: oversize, weight: 2 }, { arbitrary: badXsrf, weight: 5 });
  return fc.oneof(...arms);
}

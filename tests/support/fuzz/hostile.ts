import fc from 'fast-check';
import { isRecord } from './isRecord';

/**
 * Hostile values (wrong types, huge strings, deep nesting, odd unicode, prototype keys) and mutations that put them
 * into a valid-ish value.
 */

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83Db', '\uDE00\uD83D'];

/** Wrong types, range edges and texts that break naive code. */
export const HOSTILE_SCALARS: readonly unknown[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 1,
  2 ** 64,
  '2147483648',
  '99999999999999999999999',
  '1e3',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0x1F',
  '1_000',
  ' 42 ',
  '4 2',
  '+1',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '%',
  '%00',
  '%E0%A4%A',
  '../../../etc/passwd',
  '..',
  '/',
  '\\',
  '${{7*7}}',
  '{{constructor.constructor("return process")()}}',
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  ...LONE_SURROGATES,
  '\u202Eevil',
  '\uFEFF',
  '\uFFFE\uFFFF',
  'İ',
  'ß',
  'ﬃ',
  'e\u0301\u0301\u0301',
  '😀',
  '👩‍👩‍👧‍👦',
  '𝕏',
  '\r\n\t',
  '"',
  "'",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  true,
  false,
  null,
  [],
  {},
  [null],
  [[]],
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const oddUnit = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 6 },
  { arbitrary: loneSurrogate, weight: 2 },
  {
    arbitrary: fc.constantFrom('\u0000', '\u202E', '\u200B', '\uFEFF', '\uFFFF', 'İ', 'ß', '\u0301', '%', '\\'),
    weight: 2,
  },
);
/** Any code points, lone surrogates and NUL included. */
export const unicodeString = fc.string({ unit: oddUnit, minLength: 1, maxLength: 40 });

/** About 100 KB of text (the JSON body limit is 256 KB). */
const HUGE = ['x'.repeat(100_000), 'é'.repeat(50_000), '😀'.repeat(25_000), '\uD800'.repeat(10_000)];
export const hugeString = fc.constantFrom(...HUGE);

/** A value nested `levels` deep (the server takes up to 32). */
export const nested = (levels: number, leaf: unknown = 1, asArray = false): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = asArray ? [v] : { a: v };
  return v;
};
export const deepValue = fc.constantFrom(nested(40), nested(40, 'x', true), nested(33), nested(200, 0, true));

/** Objects with `__proto__`, `constructor` and `prototype` as own keys. */
export const prototypeObject = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"isAdmin":true,"role":3,"isPEUser":true}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"prototype":{"polluted":1}}'),
  JSON.parse('{"__proto__":null}'),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_SCALARS), weight: 8 },
  { arbitrary: unicodeString, weight: 4 },
  { arbitrary: fc.anything({ maxDepth: 3, stringUnit: 'binary' }), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepValue, weight: 1 },
  { arbitrary: prototypeObject, weight: 1 },
  { arbitrary: fc.integer({ min: 1000, max: 5000 }).map((n) => new Array<number>(n).fill(1)), weight: 1 },
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

type Path = Array<string | number>;

/** Paths of every node of a value (the root is []), up to a limit. */
function nodePaths(value: unknown, limit = 200): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, path: Path) => {
    if (out.length >= limit) return;
    out.push(path);
    if (Array.isArray(v)) v.forEach((c, i) => walk(c, [...path, i]));
    else if (isRecord(v)) for (const [k, c] of Object.entries(v)) walk(c, [...path, k]);
  };
  walk(value, []);
  return out;
}

/** Set an own property even for `__proto__`. */
const define = (o: Record<string, unknown>, k: string, v: unknown) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** A copy of `root` with `update` applied to the node at `path` (copy on write along the path). */
function updateAt(root: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[head as number] = updateAt(root[head as number], rest, update);
    return copy;
  }
  if (isRecord(root)) {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(root)) define(copy, k, v);
    define(copy, String(head), updateAt(root[String(head)], rest, update));
    return copy;
  }
  return root;
}

export type Mutation = 'replace' | 'replaceRoot' | 'addKey' | 'protoKey' | 'dropKey' | 'deep' | 'huge' | 'stringify';

/** A hostile variant of a value: one node replaced, a key added or dropped, a subtree made deep or huge. */
export const mutation = fc.record({
  kind: fc.constantFrom<Mutation>(
    'replace',
    'replace',
    'replace',
    'replaceRoot',
    'addKey',
    'protoKey',
    'dropKey',
    'deep',
    'huge',
    'stringify',
  ),
  pick: fc.nat(),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom(...PROTO_KEYS, 'x'.repeat(5000), 'isAdmin', 'customerId', 'role'), unicodeString),
});
export type MutationPlan = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

export function applyMutation(value: unknown, plan: MutationPlan): { value: unknown; note: string } {
  const paths = nodePaths(value);
  const path = paths[plan.pick % paths.length] ?? [];
  const at = path.join('.') || '(root)';
  switch (plan.kind) {
    case 'replaceRoot':
      return { value: plan.value, note: `root := ${describe(plan.value)}` };
    case 'replace':
      return { value: updateAt(value, path, () => plan.value), note: `${at} := ${describe(plan.value)}` };
    case 'addKey':
    case 'protoKey': {
      const key = plan.kind === 'protoKey' ? PROTO_KEYS[plan.pick % PROTO_KEYS.length]! : plan.key;
      const objects = paths.filter((p) => isRecord(getAt(value, p)) && !Array.isArray(getAt(value, p)));
      const target = objects[plan.pick % Math.max(1, objects.length)] ?? [];
      const v = plan.kind === 'protoKey' ? { isAdmin: true, role: 3, polluted: plan.value } : plan.value;
      return {
        value: updateAt(value, target, (node) => {
          const copy: Record<string, unknown> = {};
          if (isRecord(node)) for (const [k, c] of Object.entries(node)) define(copy, k, c);
          define(copy, key, v);
          return copy;
        }),
        note: `${target.join('.') || '(root)'}[${describe(key)}] := ${describe(v)}`,
      };
    }
    case 'dropKey': {
      if (path.length === 0) return { value: undefined, note: 'root dropped' };
      const parent = path.slice(0, -1);
      const last = path[path.length - 1]!;
      return {
        value: updateAt(value, parent, (node) => {
          if (Array.isArray(node)) return node.filter((_, i) => i !== last);
          if (!isRecord(node)) return node;
          const copy: Record<string, unknown> = {};
          for (const [k, c] of Object.entries(node)) if (k !== String(last)) define(copy, k, c);
          return copy;
        }),
        note: `${at} dropped`,
      };
    }
    case 'deep':
      return { value: updateAt(value, path, (node) => nested(40, node ?? 1)), note: `${at} nested 40 deep` };
    case 'huge':
      return { value: updateAt(value, path, () => HUGE[plan.pick % HUGE.length]), note: `${at} := 100 KB text` };
    case 'stringify':
      return {
        value: updateAt(value, path, (node) => (node === undefined ? 'undefined' : JSON.stringify(node))),
        note: `${at} as text`,
      };
  }
}

function getAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = isRecord(v) ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

/** A short description of a value for reports. */
export function describe(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 60)}…(${s.length} chars)` : s;
}

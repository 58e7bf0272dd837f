import fc from 'fast-check';
import { z } from 'zod';
import { isRecord } from './isRecord';

/** zod -> fast-check: values a route's schemas are likely to accept (valid-ish), refinements aside. */

export interface ValuePools {
  /** Numeric ids: the fuzzing user's own and the other customer's. */
  ids: fc.Arbitrary<number>;
  /** Text identifiers (service order numbers, contract numbers, part numbers) of both customers. */
  texts: fc.Arbitrary<string>;
  /** Words of the contract (its keys, enum values, literals): field names, option codes. */
  words: string[];
}

const INT32_MAX = 2 ** 31 - 1;
const MAX_DEPTH = 10;
/** Keys whose value names a row: the fuzz puts the other customer's ids there too. */
const ID_KEY = /(^id$|^ids$|Id$|Ids$|^userCustomerId$)/;
const TEXT_ID_KEY = /(serviceOrderNo|contractId|partNumber|resourceKey|bucketName|FileIdentifier)/i;

type StringCheck = { kind: string; value?: number; regex?: RegExp };
type NumberCheck = { kind: string; value?: number; inclusive?: boolean };

const DAY_MS = 86_400_000;
/** Midnight UTC of today: dates near it pass "in the future" and "within a month" checks. */
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** An instant: mostly within weeks of today, on the half hour, sometimes anywhere in 1990-2100. */
export const instant = fc.oneof(
  { arbitrary: fc.integer({ min: -60 * 48, max: 120 * 48 }).map((h) => new Date(TODAY + h * 1_800_000)), weight: 4 },
  {
    arbitrary: fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    weight: 1,
  },
);
const isoDate = instant.map((d) => d.toISOString().slice(0, 10));
const isoDateTime = instant.map((d) => d.toISOString());

/** E-mail addresses: plain ones, and the odd forms RFC 5322 allows. */
const emailAddress = fc.oneof(
  {
    arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{0,8}(\.[a-z0-9]{1,6})?@[a-z]{2,10}\.(com|org|de|example)$/),
    weight: 4,
  },
  { arbitrary: bestOf(fc.emailAddress(), (e) => e.length <= 60), weight: 1 },
);

/** Texts that often pass refinements: e-mail addresses, phone numbers, dates, file names, JSON, the contract's words. */
function typicalStrings(pools: ValuePools): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...pools.words), weight: 4 },
    { arbitrary: emailAddress, weight: 3 },
    { arbitrary: fc.array(emailAddress, { minLength: 1, maxLength: 3 }).map((l) => l.join(';')), weight: 1 },
    { arbitrary: fc.stringMatching(/^\+?[0-9]{6,14}$/), weight: 2 },
    { arbitrary: isoDate, weight: 1 },
    { arbitrary: isoDateTime, weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...pools.words),
          fc.constantFrom('pdf', 'png', 'jpg', 'jpeg', 'xlsx', 'docx', 'txt', 'csv'),
        )
        .map(([w, ext]) => `${w}.${ext}`),
      weight: 2,
    },
    { arbitrary: fc.json({ maxDepth: 2 }), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 20 }).map(String), weight: 1 },
    { arbitrary: fc.constantFrom('true', 'false', 'none', 'n/a', 'A', 'high'), weight: 1 },
  );
}

/** Numbers that often pass refinements: small ones. */
const typicalNumbers = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(24, 30, 50, 100, 1000));

/**
 * The first of up to `k` candidates the schema accepts (else the first): gets past refinements the arbitrary cannot
 * see. Candidates are drawn lazily, so a schema met at once costs one draw.
 */
export function bestOf<T>(arb: fc.Arbitrary<T>, accepts: (v: T) => boolean, k = 4): fc.Arbitrary<T> {
  return fc.infiniteStream(arb, { noHistory: true }).map((stream) => {
    let first: T | undefined;
    let i = 0;
    for (const v of stream) {
      if (accepts(v)) return v;
      if (i === 0) first = v;
      if (++i >= k) break;
    }
    return first as T;
  });
}

/** Does the schema take the value? (false when it cannot tell, e.g. an async refinement) */
export const parses = (schema: z.ZodTypeAny, value: unknown): boolean => {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
};

/** The schema's type once optional, nullable, default and refinements are peeled off. */
function core(schema: z.ZodTypeAny): z.ZodTypeAny {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodDefault) s = s.removeDefault();
    else if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodPipeline) s = s._def.in;
    else break;
  }
  return s;
}

function regexArbitrary(regex: RegExp, min: number, max: number, words: string[]): fc.Arbitrary<string> {
  if (regex.test('2026-03-15') && !regex.test('2026-3-15x')) return isoDate;
  try {
    const cap = Math.min(max, 60);
    const matching = bestOf(fc.stringMatching(regex, { size: 'small' }), (s) => s.length >= min && s.length <= cap);
    // A name the server knows (a field, a key) matches the pattern of names: the contract's words that match.
    const known = words.filter((w) => regex.test(w) && w.length >= min && w.length <= max);
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), matching) : matching;
  } catch {
    return fc.string({ minLength: Math.min(min, 60), maxLength: Math.min(max, 60) });
  }
}

function stringArbitrary(schema: z.ZodString, key: string | undefined, pools: ValuePools): fc.Arbitrary<string> {
  const checks = schema._def.checks as StringCheck[];
  let min = 0;
  let max = 10_000;
  for (const c of checks) {
    if (c.kind === 'min' && c.value !== undefined) min = Math.max(min, c.value);
    if (c.kind === 'max' && c.value !== undefined) max = Math.min(max, c.value);
    if (c.kind === 'length' && c.value !== undefined) min = max = c.value;
  }
  const kinds = new Set(checks.map((c) => c.kind));
  const regex = checks.find((c) => c.kind === 'regex')?.regex;
  const cap = Math.max(min, Math.min(max, 40));
  let base: fc.Arbitrary<string>;
  if (kinds.has('email')) base = bestOf(emailAddress, (e) => e.length <= max);
  else if (kinds.has('datetime')) base = isoDateTime;
  else if (kinds.has('date')) base = isoDate;
  else if (kinds.has('uuid')) base = fc.uuid();
  else if (kinds.has('url')) base = fc.webUrl();
  else if (regex) base = regexArbitrary(regex, min, max, pools.words);
  else {
    const options: fc.Arbitrary<string>[] = [
      fc.string({ minLength: min, maxLength: cap }),
      fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }),
    ];
    // The longest value the schema takes: the column must hold it.
    if (max <= 20_000) options.push(fc.constant('w'.repeat(max)));
    base = fc.oneof({ arbitrary: options[0]!, weight: 4 }, { arbitrary: options[1]!, weight: 2 }, ...options.slice(2));
  }
  if (key !== undefined && TEXT_ID_KEY.test(key)) return fc.oneof(pools.texts, base);
  return base;
}

function numberArbitrary(schema: z.ZodNumber, key: string | undefined, pools: ValuePools): fc.Arbitrary<number> {
  const checks = schema._def.checks as NumberCheck[];
  let min: number | undefined;
  let max: number | undefined;
  const int = checks.some((c) => c.kind === 'int');
  for (const c of checks) {
    if (c.kind === 'min' && c.value !== undefined) min = c.inclusive === false ? c.value + (int ? 1 : 1e-9) : c.value;
    if (c.kind === 'max' && c.value !== undefined) max = c.inclusive === false ? c.value - (int ? 1 : 1e-9) : c.value;
  }
  if (int) {
    const lo = Math.ceil(Math.max(min ?? -INT32_MAX - 1, -INT32_MAX - 1));
    const hi = Math.floor(Math.min(max ?? INT32_MAX, INT32_MAX));
    const base = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(lo);
    const small = lo <= hi ? fc.integer({ min: lo, max: Math.min(hi, lo + 50) }) : base;
    if ((key === undefined || ID_KEY.test(key)) && lo >= 0) return fc.oneof(pools.ids, pools.ids, small, base);
    return fc.oneof(small, base);
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

function enumValues(values: Record<string, string | number>): Array<string | number> {
  return Object.entries(values)
    .filter(([k]) => typeof values[values[k] as never] !== 'number')
    .map(([, v]) => v);
}

/** A value the schema is likely to accept (refinements aside). Unknown schema kinds give anything. */
export function zodArbitrary(schema: z.ZodTypeAny, pools: ValuePools, key?: string, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (s: z.ZodTypeAny, k = key) => zodArbitrary(s, pools, k, depth + 1);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [k, s] of Object.entries(shape)) {
      model[k] = next(s, k);
      if (!s.isOptional()) requiredKeys.push(k);
    }
    return fc
      .record(model, { requiredKeys })
      .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
  }
  if (schema instanceof z.ZodString) return stringArbitrary(schema, key, pools);
  if (schema instanceof z.ZodNumber) return numberArbitrary(schema, key, pools);
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as string[]));
  if (schema instanceof z.ZodNativeEnum) return fc.constantFrom(...enumValues(schema.enum));
  if (schema instanceof z.ZodLiteral) return fc.constant(schema.value);
  if (schema instanceof z.ZodArray) {
    const def = schema._def as { minLength: { value: number } | null; maxLength: { value: number } | null };
    const exact = (schema._def as { exactLength: { value: number } | null }).exactLength?.value;
    const minLength = exact ?? def.minLength?.value ?? 0;
    const maxLength = Math.max(minLength, Math.min(exact ?? def.maxLength?.value ?? 4, 4));
    return fc.array(next(schema.element), { minLength, maxLength });
  }
  if (schema instanceof z.ZodOptional) return fc.option(next(schema.unwrap()), { nil: undefined, freq: 4 });
  if (schema instanceof z.ZodNullable) return fc.option(next(schema.unwrap()), { nil: null, freq: 6 });
  if (schema instanceof z.ZodDefault) return fc.option(next(schema.removeDefault()), { nil: undefined, freq: 3 });
  if (schema instanceof z.ZodEffects || schema instanceof z.ZodPipeline) {
    // Refinements and pipes: candidates from the inner schema(s) and typical values, the first the schema takes.
    const inner = schema instanceof z.ZodEffects ? [schema.innerType()] : [schema._def.in, schema._def.out];
    const kinds = inner.map(core);
    const candidates: fc.Arbitrary<unknown>[] = inner.map((i) => next(i));
    if (kinds.some((k) => k instanceof z.ZodString)) candidates.push(typicalStrings(pools));
    if (kinds.some((k) => k instanceof z.ZodNumber)) candidates.push(typicalNumbers, typicalNumbers.map(String));
    return bestOf(fc.oneof(...candidates), (v) => parses(schema, v));
  }
  if (schema instanceof z.ZodBranded || schema instanceof z.ZodReadonly) return next(schema.unwrap());
  if (schema instanceof z.ZodCatch) return next(schema.removeCatch());
  if (schema instanceof z.ZodLazy) return next(schema.schema);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    const options = [...(schema.options as Iterable<z.ZodTypeAny>)];
    return fc.oneof(...options.map((o) => next(o)));
  }
  if (schema instanceof z.ZodIntersection) {
    return fc
      .tuple(next(schema._def.left), next(schema._def.right))
      .map(([a, b]) => (isRecord(a) && isRecord(b) ? { ...a, ...b } : a));
  }
  if (schema instanceof z.ZodTuple) return fc.tuple(...(schema.items as z.ZodTypeAny[]).map((i) => next(i)));
  if (schema instanceof z.ZodRecord) {
    return fc.dictionary(
      next(schema.keySchema).map((k) => String(k)),
      next(schema.valueSchema),
      { maxKeys: 4 },
    );
  }
  if (schema instanceof z.ZodDate) return fc.date({ noInvalidDate: true });
  if (schema instanceof z.ZodNull) return fc.constant(null);
  if (schema instanceof z.ZodUndefined) return fc.constant(undefined);
  return fc.anything({ maxDepth: 2 });
}

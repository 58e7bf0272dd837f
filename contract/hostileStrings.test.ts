import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from './index';
import { EMAIL_PATTERN, emailListSchema } from './validation';

const MB = 1024 * 1024;
/** Inputs that make an ambiguous pattern backtrack: long runs of what it accepts, then one character it refuses. */
const HOSTILE: Record<string, string> = {
  'dots after @': `a@${'.'.repeat(MB)},`,
  'digits then a letter': `${'1'.repeat(MB)}x`,
  'letters then a mark': `${'a'.repeat(MB)}!`,
  'spaces then a letter': `${' '.repeat(MB)}x`,
  'digit-comma pairs': `${'1,'.repeat(MB / 2)}x`,
  'a domain of dots': `a@b${'.'.repeat(MB)}`,
  'signs and digits': `+${'1.'.repeat(MB / 2)}e`,
};

const routesOf = (router: AppRouter, prefix = ''): Array<[string, AppRoute]> =>
  Object.entries(router).flatMap(([name, entry]) =>
    isAppRoute(entry) ? [[`${prefix}${name}`, entry] as [string, AppRoute]] : routesOf(entry, `${prefix}${name}.`),
  );

/** Every schema in a request schema that a string can reach, innermost wrappers included. */
function stringTargets(schema: unknown, out: z.ZodTypeAny[] = [], seen = new Set<unknown>()): z.ZodTypeAny[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._def as Record<string, unknown> & { typeName: string };
  switch (def.typeName) {
    case 'ZodObject':
      for (const field of Object.values((schema as z.AnyZodObject).shape)) stringTargets(field, out, seen);
      break;
    case 'ZodArray':
      stringTargets(def.type, out, seen);
      break;
    case 'ZodRecord':
      stringTargets(def.keyType, out, seen);
      stringTargets(def.valueType, out, seen);
      break;
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      for (const option of def.options as unknown[]) stringTargets(option, out, seen);
      break;
    case 'ZodIntersection':
      stringTargets(def.left, out, seen);
      stringTargets(def.right, out, seen);
      break;
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodBranded':
    case 'ZodReadonly':
      out.push(schema);
      stringTargets(def.innerType ?? def.type, out, seen);
      break;
    case 'ZodEffects':
      out.push(schema);
      stringTargets(def.schema, out, seen);
      break;
    case 'ZodPipeline':
      out.push(schema);
      stringTargets(def.in, out, seen);
      stringTargets(def.out, out, seen);
      break;
    default:
      out.push(schema);
  }
  return out;
}

const routes = routesOf(contract);

/** The CPU time this process spends on `work`, in ms. */
function cpuMs(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

describe('every string schema of the contract, fed a megabyte of hostile text', () => {
  it('finds the request schemas of every route', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  // A linear pattern reads a megabyte in milliseconds and a backtracking one takes hours. The time is this process's
  // CPU time, which a machine busy with the other suites does not stretch as it stretches the clock; the bound leaves
  // room for a collection of the garbage a megabyte makes, and the test's own time limit for a big route's inputs.
  it.each(routes)(
    '%s answers every hostile input within 250 ms',
    (_name, route) => {
      const parts = [route.pathParams, route.query, 'body' in route ? route.body : undefined];
      const targets = parts.flatMap((part) => stringTargets(part));
      const slow: string[] = [];
      for (const target of targets) {
        for (const [label, text] of Object.entries(HOSTILE)) {
          const ms = cpuMs(() => target.safeParse(text));
          if (ms > 250) slow.push(`${target._def.typeName} on ${label}: ${ms.toFixed(0)} ms`);
        }
      }
      expect(slow).toEqual([]);
    },
    60_000,
  );
});

describe('the e-mail pattern', () => {
  it('answers the quadratic case of the old pattern at once, and rightly', () => {
    const input = `a@${'.'.repeat(40_000)},`;
    const ms = cpuMs(() => {
      expect(EMAIL_PATTERN.test(input)).toBe(false);
      expect(emailListSchema(500).safeParse(input).success).toBe(false);
    });
    // Linear: a few ms. The old pattern took seconds (40,000² steps); 200 ms leaves room for a busy machine's CPU.
    expect(ms).toBeLessThan(200);
  });

  it.each(['a@b.co', 'first.last@lab.example.com', 'a@b.c', 'x@a.b.c.d', 'a@b..c', 'a@.b.c'])('accepts %s', (e) =>
    expect(EMAIL_PATTERN.test(e)).toBe(true),
  );

  it.each(['a@b', 'a@.b', 'a@b.', '@b.co', 'a b@c.de', 'a@b;c.de', 'a@@b.co', 'a@b.co,'])('refuses %s', (e) =>
    expect(EMAIL_PATTERN.test(e)).toBe(false),
  );
});

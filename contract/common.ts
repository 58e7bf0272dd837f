import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { AUTOCOMPLETE_COUNT, INT32_MAX, PAGE_INDEX_MAX } from './limits';

export const c = initContract();

/** Every request carries these (spec 1 section 7); the server accepts them on every route. */
export const CommonQuery = z.object({
  userCustomerId: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
  timeZoneDiff: z.coerce.number().int().min(-1440).max(1440).optional(),
});
export type CommonQuery = z.infer<typeof CommonQuery>;

export const withCommonQuery = <T extends z.ZodRawShape>(shape: T) => CommonQuery.extend(shape);

/** The envelope of every JSON answer with HTTP 200. errorCode 0 carries a result; any other code is a business error. */
export const envelope = <T extends z.ZodTypeAny>(result: T) =>
  z.union([
    z.object({ errorCode: z.literal(0), result }),
    z.object({ errorCode: z.number().int(), errorMessage: z.string().optional(), result: z.undefined().optional() }),
  ]);

export const Empty = z.null();

/** Body of a non-200 answer: 400 (schema issues), 401, 403, 404, 429, 500. */
export const ErrorBody = z.object({
  errorCode: z.number().int(),
  errorMessage: z.string(),
  errorId: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const standardErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  500: ErrorBody,
} as const;

/** A boolean in the query string: ts-rest sends `true`/`false` as text; z.coerce.boolean would read 'false' as true. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'date');

/** An instant, ISO 8601 with an offset (`Z` or `+02:00`). */
export const IsoDateTime = z.string().datetime({ offset: true });

export const EntityId = z.number().int().positive().max(INT32_MAX);
/** A numeric id in a path. */
export const IdParam = z.coerce.number().int().positive().max(INT32_MAX);

/** pageIndex and pageSize of a GET list, read from the query string. */
export const pagingQuery = (defaultSize: number, maxSize: number) => ({
  pageIndex: z.coerce.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/** keyword and count of an autocomplete (spec 2 section 7: count=100). */
export const autocompleteQuery = {
  keyword: z.string().trim().max(200).optional(),
  count: z.coerce.number().int().min(1).max(AUTOCOMPLETE_COUNT).default(AUTOCOMPLETE_COUNT),
};

import { initContract } from '@ts-rest/core';
import { z } from 'zod';

export const c = initContract();

/** Every request carries these (spec 1 section 7); the server accepts them on every route. */
export const CommonQuery = z.object({
  userCustomerId: z.coerce.number().int().optional(),
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

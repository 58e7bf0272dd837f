import { z } from 'zod';
import { isRecord } from './isRecord';

/** The contract's leaf routes, and the words of their schemas. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A leaf route of the contract. */
export interface ContractRoute {
  /** Dotted name in the contract, e.g. `equipment.detail`. */
  name: string;
  method: HttpMethod;
  /** As in the contract, e.g. `/api/Equipment/:id`. */
  path: string;
  paramNames: string[];
  pathParams?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** The answer schemas by status. */
  responses: z.ZodTypeAny[];
}

const asSchema = (v: unknown): z.ZodTypeAny | undefined => (v instanceof z.ZodType ? v : undefined);

/** Every leaf route of a ts-rest router of routers: a leaf has a string `method` and `path`. */
export function collectRoutes(router: unknown, prefix: string[] = []): ContractRoute[] {
  if (!isRecord(router)) return [];
  if (typeof router.method === 'string' && typeof router.path === 'string') {
    const path = router.path;
    return [
      {
        name: prefix.join('.'),
        method: router.method as HttpMethod,
        path,
        paramNames: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        pathParams: asSchema(router.pathParams),
        query: asSchema(router.query),
        body: asSchema(router.body),
        responses: Object.values(isRecord(router.responses) ? router.responses : {})
          .map(asSchema)
          .filter((r): r is z.ZodTypeAny => r !== undefined),
      },
    ];
  }
  return Object.entries(router).flatMap(([key, child]) => collectRoutes(child, [...prefix, key]));
}

/** The object keys, enum values and string literals of the routes' schemas, requests and answers. */
export function contractWords(routes: ContractRoute[]): string[] {
  const words = new Set<string>();
  const seen = new Set<z.ZodTypeAny>();
  const walk = (schema: z.ZodTypeAny | undefined, depth: number): void => {
    if (!schema || seen.has(schema) || depth > 30) return;
    seen.add(schema);
    const def = schema._def as Record<string, unknown>;
    if (schema instanceof z.ZodObject) {
      for (const [k, child] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
        words.add(k);
        walk(child, depth + 1);
      }
    }
    if (schema instanceof z.ZodEnum) for (const o of schema.options as string[]) words.add(o);
    if (schema instanceof z.ZodLiteral && typeof schema.value === 'string') words.add(schema.value);
    if (schema instanceof z.ZodLazy) walk(schema.schema, depth + 1);
    for (const key of ['innerType', 'schema', 'type', 'valueType', 'keyType', 'in', 'out', 'left', 'right']) {
      if (def[key] instanceof z.ZodType) walk(def[key] as z.ZodTypeAny, depth + 1);
    }
    const options = def.options;
    if (Array.isArray(options)) options.forEach((o) => walk(o as z.ZodTypeAny, depth + 1));
    else if (options instanceof Map) [...options.values()].forEach((o) => walk(o as z.ZodTypeAny, depth + 1));
    if (Array.isArray(def.items)) def.items.forEach((o) => walk(o as z.ZodTypeAny, depth + 1));
  };
  for (const r of routes) [r.pathParams, r.query, r.body, ...r.responses].forEach((s) => walk(s, 0));
  return [...words].filter((w) => w.length > 0).sort();
}

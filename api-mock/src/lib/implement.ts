import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { RouterImplementation } from '@ts-rest/fastify';

export interface Implementation {
  /** The part of the contract this server implements. */
  router: AppRouter;
  impl: unknown;
  routes: AppRoute[];
}

/**
 * Implement some routes of a resource's contract. Routes without a handler are not registered, so they answer
 * 404 and `npm run contract:status` shows them as not implemented.
 */
export function implement<T extends AppRouter>(contract: T, impl: Partial<RouterImplementation<T>>): Implementation {
  const router: Record<string, AppRoute> = {};
  for (const key of Object.keys(impl)) {
    const route = contract[key];
    if (!route || !isAppRoute(route)) throw new Error(`${key} is not a route of this contract`);
    router[key] = route;
  }
  return { router, impl, routes: Object.values(router) };
}

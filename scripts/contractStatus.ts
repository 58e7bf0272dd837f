// npm run contract:status — per resource: calls in the contract, calls the server implements, calls with a
// pact interaction (verified by the provider verification inside npm test).
import { existsSync, readFileSync } from 'node:fs';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract } from '../contract';
import { implementations } from '../api-mock/src/routes';
import type { AppDeps } from '../api-mock/src/deps';

const PACT_FILE = 'pacts/portal-web-portal-api.json';

const routesOf = (router: AppRouter): AppRoute[] =>
  Object.values(router).flatMap((r) => (isAppRoute(r) ? [r] : routesOf(r as AppRouter)));

const key = (r: { method: string; path: string }) => `${r.method} ${r.path.toLowerCase()}`;
const implemented = new Set(
  implementations({ db: null, config: { secureCookies: false, validateResponses: false } } as unknown as AppDeps)
    .flatMap((i) => i.routes)
    .map(key),
);
const interactions: Array<{ method: string; path: string }> = existsSync(PACT_FILE)
  ? (
      JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
        interactions: Array<{ request: { method: string; path: string } }>;
      }
    ).interactions.map((i) => i.request)
  : [];
const allRoutes = routesOf(contract);
const matches = (route: AppRoute, i: { method: string; path: string }) =>
  i.method === route.method && new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`, 'i').test(i.path);
const params = (route: AppRoute) => (route.path.match(/:/g) ?? []).length;
/** The route an interaction exercises: of the routes it matches, the one with the fewest path parameters. */
const exercised = new Set(
  interactions.flatMap((i) => {
    const best = allRoutes.filter((r) => matches(r, i)).sort((a, b) => params(a) - params(b))[0];
    return best ? [best] : [];
  }),
);
const hasPact = (route: AppRoute) => exercised.has(route);

const rows = Object.entries(contract).map(([resource, router]) => {
  const routes = routesOf(router as AppRouter);
  return {
    resource,
    contract: routes.length,
    implemented: routes.filter((r) => implemented.has(key(r))).length,
    pact: routes.filter(hasPact).length,
  };
});
const total = rows.reduce(
  (t, r) => ({
    resource: 'total',
    contract: t.contract + r.contract,
    implemented: t.implemented + r.implemented,
    pact: t.pact + r.pact,
  }),
  { resource: 'total', contract: 0, implemented: 0, pact: 0 },
);
const line = (r: (typeof rows)[number]) =>
  `| ${r.resource.padEnd(22)} | ${String(r.contract).padStart(8)} | ${String(r.implemented).padStart(11)} | ${String(r.pact).padStart(13)} |`;
console.log(`| ${'resource'.padEnd(22)} | contract | implemented | verified pact |`);
console.log(`|${'-'.repeat(24)}|----------|-------------|---------------|`);
for (const r of [...rows, total]) console.log(line(r));

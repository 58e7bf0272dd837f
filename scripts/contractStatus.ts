// npm run contract:status — per resource: calls in the contract, calls the server implements, calls with a
// pact interaction in the committed pacts/ (verified by the provider verification inside npm test).
// `npm run contract:status -- --routes` lists every route with the interactions that exercise it.
import type { AppRouter } from '@ts-rest/core';
import { contract } from '../contract';
import { implementations } from '../api-mock/src/routes';
import type { AppDeps } from '../api-mock/src/deps';
import { pactCoverage, routesOf } from './pactCoverage';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path.toLowerCase()}`;
const implemented = new Set(
  implementations({ db: null, config: { secureCookies: false, validateResponses: false } } as unknown as AppDeps)
    .flatMap((i) => i.routes)
    .map(key),
);
const coverage = pactCoverage();

if (process.argv.includes('--routes')) {
  for (const [route, interactions] of coverage) {
    console.log(`${route.method.padEnd(6)} ${route.path}`);
    for (const description of interactions) console.log(`         ✓ ${description}`);
    if (interactions.length === 0) console.log('         (no pact interaction)');
  }
  process.exit(0);
}

const rows = Object.entries(contract).map(([resource, router]) => {
  const routes = routesOf(router as AppRouter);
  return {
    resource,
    contract: routes.length,
    implemented: routes.filter((r) => implemented.has(key(r))).length,
    pact: routes.filter((r) => (coverage.get(r) ?? []).length > 0).length,
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

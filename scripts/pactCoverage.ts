import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract } from '../contract';

export const PACT_FILE = path.resolve(import.meta.dirname, '../pacts/portal-web-portal-api.json');

interface Interaction {
  description: string;
  request: { method: string; path: string };
}

export const routesOf = (router: AppRouter): AppRoute[] =>
  Object.values(router).flatMap((r) => (isAppRoute(r) ? [r] : routesOf(r as AppRouter)));

const matches = (route: AppRoute, request: Interaction['request']) =>
  request.method === route.method && new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`, 'i').test(request.path);
const params = (route: AppRoute) => (route.path.match(/:/g) ?? []).length;

/** The committed pact's interactions (none when the file is missing). */
export function pactInteractions(file = PACT_FILE): Interaction[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { interactions: Interaction[] }).interactions;
}

/**
 * Each route of the contract with the interactions that exercise it: an interaction belongs to the route it matches
 * with the fewest path parameters (`/Users/customers/history` is not `/Users/customers/:id`).
 */
export function pactCoverage(interactions = pactInteractions()): Map<AppRoute, string[]> {
  const all = routesOf(contract);
  const coverage = new Map<AppRoute, string[]>(all.map((r) => [r, []]));
  for (const interaction of interactions) {
    const best = all.filter((r) => matches(r, interaction.request)).sort((a, b) => params(a) - params(b))[0];
    if (best) coverage.get(best)!.push(interaction.description);
  }
  return coverage;
}

import { sql } from 'kysely';
import { decodeQuery, safeEncode, type FuzzRequest } from './requests';
import type { ContractRoute } from './routes';
import type { ApiServer } from './sessions';
import { parses } from './zodArbitrary';

/**
 * Requests written out for the routes whose schemas' refinements the generated ones rarely meet, carrying another
 * customer's real ids and file keys; and the check that a generated request is one the schemas accept.
 */

type Database = ApiServer['database']['db'];

/** The path parameters of a request of the route, decoded; null when the URL is not the route's. */
function pathParamsOf(route: ContractRoute, path: string): Record<string, string> | null {
  const pattern = new RegExp(
    `^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z0-9_]+)/g, '(?<$1>[^/]*)')}$`,
  );
  const match = pattern.exec(path);
  if (!match) return null;
  try {
    return Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

/** Does the route's contract accept the request: its path parameters, query and body? */
export function schemaAccepts(route: ContractRoute, r: FuzzRequest): boolean {
  const url = new URL(r.url, 'http://portal.test');
  const params = pathParamsOf(route, url.pathname);
  if (!params || (route.pathParams && !parses(route.pathParams, params))) return false;
  if (route.query && !parses(route.query, decodeQuery(url.search.slice(1)))) return false;
  if (!route.body) return true;
  let body: unknown;
  try {
    body = typeof r.payload === 'string' ? JSON.parse(r.payload) : undefined;
  } catch {
    return false;
  }
  return parses(route.body, body);
}

/** Another customer's rows, by kind: what a caller would have to guess or steal. */
export interface OtherRows {
  customerId: number;
  equipmentId: number;
  userId: number;
  locationId: number;
  serviceCallId: number;
  serviceOrderNo: string;
  /** A stored file of the customer, as the store names it. */
  file: { bucketName: string; resourceKey: string };
}

export async function otherRowsOf(db: Database, customerId: number): Promise<OtherRows> {
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
  const equipment = await one(sql<{ id: number }>`select id from equipment where customer_id = ${customerId}
    and not is_hidden order by id limit 1`);
  const user = await one(
    sql<{ id: number }>`select id from users where customer_id = ${customerId} order by id limit 1`,
  );
  const location = await one(sql<{ id: number }>`select id from locations where customer_id = ${customerId}
    order by id limit 1`);
  const call = await one(sql<{ id: number; no: string }>`select id, service_order_no as no from service_calls
    where customer_id = ${customerId} order by id limit 1`);
  const file = await one(sql<{ bucketName: string; resourceKey: string }>`select bucket_name as "bucketName",
    resource_key as "resourceKey" from stored_objects where customer_id = ${customerId} order by resource_key limit 1`);
  return {
    customerId,
    equipmentId: Number(equipment.id),
    userId: Number(user.id),
    locationId: Number(location.id),
    serviceCallId: Number(call.id),
    serviceOrderNo: call.no,
    file,
  };
}

type Example = { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };

/** Well-formed calls, by route name, for the routes the generated requests do not get past their schemas. */
const EXAMPLES: Record<string, (o: OtherRows) => Example[]> = {
  // A list of JSON strings, each a file with an allowed extension: rarely all of them generated right.
  'documents.upload': (o) =>
    (['Equipment', 'ServiceCall'] as const).map((type) => ({
      params: { type, id: type === 'Equipment' ? o.equipmentId : o.serviceCallId },
      body: [JSON.stringify({ ...o.file, documentName: 'manual.pdf', size: 100 })],
    })),
};

/** The written-out requests of the route (none for most), with the caller's customer as userCustomerId. */
export function exampleRequests(route: ContractRoute, other: OtherRows, ownCustomerId: number): FuzzRequest[] {
  return (EXAMPLES[route.name]?.(other) ?? []).map((example) => {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      safeEncode(String(example.params?.[name] ?? '')),
    );
    const query = new URLSearchParams({ ...example.query, userCustomerId: String(ownCustomerId) });
    const payload = example.body === undefined ? undefined : JSON.stringify(example.body);
    return {
      route: route.name,
      method: route.method,
      url: `${path}?${query}`,
      payload,
      contentType: payload === undefined ? undefined : 'application/json',
      xsrf: 'ok',
      expect413: false,
      note: 'valid',
    };
  });
}

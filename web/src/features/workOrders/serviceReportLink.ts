import { INT32_MAX } from '../../../../contract/limits';

/**
 * The work order id of the link's query string: bare (`?12345`, as the spec writes the link) or named
 * (`?serviceOrderId=12345`); null when it is not a positive whole number.
 */
export function serviceOrderIdOf(search: string): number | null {
  const query = search.replace(/^\?/, '');
  const raw = new URLSearchParams(query).get('serviceOrderId') ?? query;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= INT32_MAX ? id : null;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let cookies: Record<string, string>;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  const { jar } = await signedIn(server.app, 'admin@acme-labs.example');
  cookies = Object.fromEntries(jar);
  token = jar.get('XSRF-TOKEN')!;
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, cookies });
const post = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, cookies, headers: { 'x-xsrf-token': token } });

const BEYOND_INT = '99999999999';
const day = (offset: number) => new Date(Date.UTC(2026, 10, 1 + offset)).toISOString();

describe('bad input is a 400, never a 500', () => {
  it.each([`/api/users/${BEYOND_INT}`, `/api/Message/${BEYOND_INT}`, `/api/users/me?userCustomerId=${BEYOND_INT}`])(
    'GET %s (an id beyond the integer range) answers 400',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
    },
  );

  it('a contract number of many digits is a number like any other: no instrument is under it', async () => {
    const res = await get(`/api/Equipment/contract/${BEYOND_INT}/equipmentcount`);
    expect(res.json()).toEqual({ errorCode: 0, result: { totalCount: 0 } });
  });

  it.each(['2024-13-45', '2024-02-30', 'not a date'])(
    'an impossible date %s in an inventory filter answers 400',
    async (value) => {
      const res = await post('/api/Equipment/list', {
        pageIndex: 0,
        pageSize: 20,
        filterSettings: [{ field: 'instDate', operator: 3, value: [value] }],
      });
      expect(res.statusCode).toBe(400);
    },
  );

  it('an impossible date in the calendar period answers 400', async () => {
    const res = await get(`/api/Equipment/reservation?start=2024-13-45T00:00:00Z&end=${encodeURIComponent(day(7))}`);
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['calendar', '/api/Equipment/reservation'],
    ['overview', '/api/Equipment/reservationOverview'],
  ])('a %s period of a year, or one that ends before it starts, answers 400', async (_name, path) => {
    const year = await get(`${path}?start=${encodeURIComponent(day(0))}&end=${encodeURIComponent(day(365))}`);
    expect(year.statusCode).toBe(400);
    const backwards = await get(`${path}?start=${encodeURIComponent(day(7))}&end=${encodeURIComponent(day(0))}`);
    expect(backwards.statusCode).toBe(400);
    const month = await get(`${path}?start=${encodeURIComponent(day(0))}&end=${encodeURIComponent(day(30))}`);
    expect(month.statusCode).toBe(200);
  });

  it('a page far beyond any list, and more filters than the grid has, answer 400', async () => {
    const deep = await post('/api/Equipment/list', { pageIndex: 100_001, pageSize: 20 });
    expect(deep.statusCode).toBe(400);
    const filters = Array.from({ length: 51 }, () => ({ field: 'serial', operator: 1, value: ['a'] }));
    const many = await post('/api/Equipment/list', { pageIndex: 0, pageSize: 20, filterSettings: filters });
    expect(many.statusCode).toBe(400);
  });
});

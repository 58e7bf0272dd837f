import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetcherArgs } from '@ts-rest/core';
import { onGlobalRequestError, requestLayer, setPageUserId, setUserCustomerId } from '../../web/src/lib/requestLayer';
import { RequestFailure, type RequestError } from '../../web/src/lib/requestErrors';
import { fileNameOf } from '../../web/src/lib/downloadFile';

const args = (over: Partial<ApiFetcherArgs> & Record<string, unknown> = {}) =>
  ({
    method: 'GET',
    path: '/api/users/me',
    headers: {},
    body: undefined,
    route: {},
    rawBody: undefined,
    rawQuery: undefined,
    contentType: undefined,
    ...over,
  }) as ApiFetcherArgs;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let reported: RequestError[];
let unsubscribe: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { origin: 'http://portal.test' } });
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=tok%2Ben' });
  reported = [];
  unsubscribe = onGlobalRequestError((e) => reported.push(e));
  setUserCustomerId(42);
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

const failureOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return (e as RequestFailure).error;
  }
  throw new Error('expected a failure');
};

describe('request layer', () => {
  it('adds userCustomerId and timeZoneDiff to every call and sends same-origin credentials', async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 0, result: 1 }));
    await requestLayer(args({ path: '/api/Equipment/list?x=1', method: 'POST', body: '{}' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    const u = new URL(url, 'http://portal.test');
    expect(u.searchParams.get('userCustomerId')).toBe('42');
    expect(u.searchParams.get('timeZoneDiff')).toMatch(/^-?\d+$/);
    expect(u.searchParams.get('x')).toBe('1');
    expect(init.credentials).toBe('same-origin');
  });

  it('echoes the anti-forgery cookie in the header of every call, reads included', async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 0, result: null }));
    await requestLayer(args({ method: 'POST', path: '/api/Account/logout', body: '{}' }));
    await requestLayer(args({ method: 'GET', path: '/api/users/me' }));
    expect(fetchMock.mock.calls[0]![1].headers['X-XSRF-TOKEN']).toBe('tok+en');
    expect(fetchMock.mock.calls[1]![1].headers['X-XSRF-TOKEN']).toBe('tok+en');
  });

  it("keeps sending its own user's token once another tab signed in someone else, so the server answers 1084", async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 0, result: null }));
    const sentToken = () => fetchMock.mock.calls.at(-1)![1].headers['X-XSRF-TOKEN'];
    try {
      setPageUserId(7);
      vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=n1.7.tag.mac' });
      await requestLayer(args());
      expect(sentToken()).toBe('n1.7.tag.mac');
      // Same user, new session (signed in again in another tab): the new token.
      vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=n2.7.tag.mac' });
      await requestLayer(args());
      expect(sentToken()).toBe('n2.7.tag.mac');
      // Another user signed in: the page's own token.
      vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=n3.8.tag.mac' });
      await requestLayer(args({ method: 'PUT', path: '/api/Users/profile', body: '{}' }));
      expect(sentToken()).toBe('n2.7.tag.mac');
      // Signed out in another tab (a token naming nobody): the cookie, and the server answers 401.
      vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=n4.0.tag.mac' });
      await requestLayer(args());
      expect(sentToken()).toBe('n4.0.tag.mac');
    } finally {
      setPageUserId(null);
    }
  });

  it('a new call with the same method and URL aborts the earlier one, silently', async () => {
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    fetchMock.mockResolvedValueOnce(json({ errorCode: 0, result: 2 }));
    const first = requestLayer(args());
    const second = requestLayer(args());
    expect(await failureOf(first)).toEqual({ kind: 'aborted' });
    expect((await second).body).toEqual({ errorCode: 0, result: 2 });
    expect(reported).toEqual([]);
  });

  it('calls with another URL do not abort each other', async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 0, result: 1 }));
    await Promise.all([requestLayer(args({ path: '/api/a' })), requestLayer(args({ path: '/api/b' }))]);
    expect(fetchMock.mock.calls.every(([, init]) => !init.signal.aborted)).toBe(true);
  });

  it('keeps a file answer (an export) as a Blob, with the headers that name it', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    fetchMock.mockResolvedValue(
      new Response(bytes, {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="Product_20261125.xlsx"',
        },
      }),
    );
    const response = await requestLayer(args());
    expect(response.body).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (response.body as Blob).arrayBuffer())).toEqual(bytes);
    expect(fileNameOf(response.headers, 'fallback.xlsx')).toBe('Product_20261125.xlsx');
    expect(fileNameOf(new Headers(), 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('turns a non-zero errorCode into an api error and reports it', async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 1041, errorMessage: 'customer changed' }));
    expect(await failureOf(requestLayer(args()))).toEqual({
      kind: 'api',
      errorCode: 1041,
      errorMessage: 'customer changed',
    });
    expect(reported).toEqual([{ kind: 'api', errorCode: 1041, errorMessage: 'customer changed' }]);
  });

  it('turns a non-OK status into an http error with Retry-After', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ errorCode: 429, errorMessage: 'slow down' }), {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'content-type': 'application/json', 'Retry-After': '60' },
      }),
    );
    expect(await failureOf(requestLayer(args()))).toMatchObject({ kind: 'http', status: 429, retryAfter: 60 });
  });

  it('turns a failed fetch into a network error with code -999', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await failureOf(requestLayer(args()))).toMatchObject({ kind: 'network', errorCode: -999 });
    expect(reported).toHaveLength(1);
  });

  it('a silent call leaves its failure to the caller', async () => {
    fetchMock.mockResolvedValue(json({ errorCode: 401, errorMessage: 'no' }, 401));
    expect(await failureOf(requestLayer(args({ silent: true })))).toMatchObject({ kind: 'http', status: 401 });
    expect(reported).toEqual([]);
  });

  it('a call that handles some error codes leaves those to the caller and reports every other failure', async () => {
    fetchMock.mockResolvedValueOnce(json({ errorCode: 1029, errorMessage: 'wrong' }));
    expect(await failureOf(requestLayer(args({ handles: [1029] })))).toMatchObject({ kind: 'api', errorCode: 1029 });
    expect(reported).toEqual([]);
    fetchMock.mockResolvedValueOnce(json({ errorCode: 403, errorMessage: 'no' }, 403));
    expect(await failureOf(requestLayer(args({ handles: [1029] })))).toMatchObject({ kind: 'http', status: 403 });
    fetchMock.mockResolvedValueOnce(json({ errorCode: 1084, errorMessage: 'changed' }));
    expect(await failureOf(requestLayer(args({ handles: [1029] })))).toMatchObject({ kind: 'api', errorCode: 1084 });
    expect(reported).toMatchObject([
      { kind: 'http', status: 403 },
      { kind: 'api', errorCode: 1084 },
    ]);
  });
});

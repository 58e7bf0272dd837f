import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyViews, requestViewsEarly, takeEarlyViews } from '../../web/src/components/savedViews/earlyViews';
import { setUserCustomerId } from '../../web/src/lib/requestLayer';

const view = (id: number) => ({ id, preferenceKey: 'inventory', name: `View ${id}`, value: '{}' });
const answer = (result: unknown, status = 200) =>
  new Response(JSON.stringify(status === 200 ? { errorCode: 0, result } : { errorCode: 500, errorMessage: 'down' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { origin: 'http://portal.test' } });
  vi.stubGlobal('document', { cookie: '' });
  setUserCustomerId(7);
});
afterEach(() => {
  forgetEarlyViews();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const askedKeys = () =>
  fetchMock.mock.calls.map(([url]) => {
    const u = new URL(String(url), 'http://portal.test');
    return `${u.searchParams.get('keys')}|${u.searchParams.get('publicPreferenceId')}`;
  });

describe('saved views asked for early', () => {
  it('the page takes the early answer once, without asking again', async () => {
    fetchMock.mockResolvedValue(answer([view(1)]));
    requestViewsEarly('inventory', 7);
    expect(askedKeys()).toEqual(['inventory|7']);
    await expect(takeEarlyViews('inventory', 7)).resolves.toEqual([view(1)]);
    expect(takeEarlyViews('inventory', 7)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('another list, another customer, a sign-out or an answer older than 10 s is not taken', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer([view(1)])));
    requestViewsEarly('inventory', 7);
    expect(takeEarlyViews('workOrder', 7)).toBeNull();
    requestViewsEarly('inventory', 7);
    expect(takeEarlyViews('inventory', 8)).toBeNull();
    requestViewsEarly('inventory', 7);
    forgetEarlyViews();
    expect(takeEarlyViews('inventory', 7)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    requestViewsEarly('inventory', 7);
    vi.setSystemTime(Date.now() + 10_001);
    expect(takeEarlyViews('inventory', 7)).toBeNull();
  });

  it('a failed early answer is asked for again when the page takes it', async () => {
    fetchMock.mockResolvedValueOnce(answer(null, 500)).mockResolvedValueOnce(answer([view(2)]));
    requestViewsEarly('inventory', 7);
    await expect(takeEarlyViews('inventory', 7)).resolves.toEqual([view(2)]);
    expect(askedKeys()).toEqual(['inventory|7', 'inventory|7']);
  });
});

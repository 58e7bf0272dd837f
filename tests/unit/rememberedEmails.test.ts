import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_MAX } from '../../contract/limits';
import { SERVICE_REQUEST_MAX } from '../../contract/serviceCalls';
import {
  boundedAddresses,
  parseRemembered,
  readRememberedEmails,
  REMEMBERED_EMAILS_MAX,
  storeRememberedEmails,
} from '../../web/src/components/serviceRequest/rememberedEmails';

/** A stand-in for the browser's local storage. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
  });
  return items;
}

afterEach(() => vi.unstubAllGlobals());

describe('remembered notification addresses', () => {
  it('a stored list with the preference on is offered again, and off offers nothing', () => {
    expect(parseRemembered({ remember: true, addresses: ['a@lab.example', 'b@lab.example'] })).toEqual({
      remember: true,
      addresses: ['a@lab.example', 'b@lab.example'],
    });
    expect(parseRemembered({ remember: false, addresses: ['a@lab.example'] })).toEqual({
      remember: false,
      addresses: [],
    });
  });

  it('a corrupted stored value reads as nothing remembered', () => {
    for (const value of [null, 'a@lab.example', 42, [], { remember: 'yes', addresses: [] }, { remember: true }]) {
      expect(parseRemembered(value)).toEqual({ remember: false, addresses: [] });
    }
    const tooMany = Array.from({ length: REMEMBERED_EMAILS_MAX + 1 }, (_, i) => `u${i}@lab.example`);
    expect(parseRemembered({ remember: true, addresses: tooMany })).toEqual({ remember: false, addresses: [] });
  });

  it('keeps only valid addresses, each once, none too long, at most the maximum count and list length', () => {
    const long = `${'x'.repeat(EMAIL_MAX)}@lab.example`;
    expect(boundedAddresses(['a@lab.example', 'not an address', 7, long, 'A@LAB.example', ' b@lab.example '])).toEqual([
      'a@lab.example',
      'b@lab.example',
    ]);
    const many = Array.from({ length: REMEMBERED_EMAILS_MAX + 5 }, (_, i) => `user${i}@lab.example`);
    expect(boundedAddresses(many)).toHaveLength(REMEMBERED_EMAILS_MAX);
    const wide = Array.from({ length: REMEMBERED_EMAILS_MAX }, (_, i) => `${'w'.repeat(200)}${i}@lab.example`);
    expect(boundedAddresses(wide).join('; ').length).toBeLessThanOrEqual(SERVICE_REQUEST_MAX.requestEmail);
  });

  it('stores the list per user without the instrument addresses the ticks added, and forgets it when turned off', () => {
    const items = stubStorage();
    storeRememberedEmails(7, true, 'desk@lab.example; owner@lab.example', ['OWNER@lab.example']);
    expect(readRememberedEmails(7)).toEqual({ remember: true, addresses: ['desk@lab.example'] });
    expect(readRememberedEmails(8)).toEqual({ remember: false, addresses: [] });

    storeRememberedEmails(7, false, 'desk@lab.example', []);
    expect(readRememberedEmails(7)).toEqual({ remember: false, addresses: [] });
    expect([...items.values()].join()).not.toContain('desk@lab.example');

    items.set('portal.serviceRequestEmails.7', '{not json');
    expect(readRememberedEmails(7)).toEqual({ remember: false, addresses: [] });
  });
});

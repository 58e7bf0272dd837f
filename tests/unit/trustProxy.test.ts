import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../api-mock/src/lib/trustProxy';

describe('TRUST_PROXY', () => {
  it('trusts nobody when absent or blank', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('  ')).toBeUndefined();
  });

  it('reads comma-separated addresses, CIDR ranges, netmasks and named ranges', () => {
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8 , ::1, 192.168.0.0/255.255.0.0, loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ]);
  });

  it.each([
    ['a host name', 'proxy.internal', /"proxy.internal" is not an IP address or range/],
    ['a hop count', '1', /"1" is not an IP address or range/],
    ['true', 'true', /"true" is not an IP address or range/],
    ['an empty entry', '10.0.0.5,,10.0.0.6', /"" is not an IP address or range/],
    ['a prefix too long', '10.0.0.0/33', /"10.0.0.0\/33" is not an IP address or range \(invalid range/],
    ['a prefix that is not a number', '10.0.0.0/x', /invalid range/],
    ['everyone (IPv4)', '0.0.0.0/0', /trusts every address/],
    ['everyone (IPv6)', '::/0', /trusts every address/],
    ['everyone (netmask)', '0.0.0.0/0.0.0.0', /trusts every address/],
  ])('refuses %s, naming the entry', (_what, value, message) => {
    expect(() => parseTrustProxy(value)).toThrow(message);
  });

  it('refuses a list longer than any deployment has proxies', () => {
    expect(() => parseTrustProxy(Array.from({ length: 65 }, (_, i) => `10.0.0.${i}`).join(','))).toThrow(/entries/);
  });
});

import { describe, expect, it } from 'vitest';
import { isPublicAddress, isRefusedWithoutLookup } from '../../api-mock/src/lib/outboundFetch';

describe('isPublicAddress', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, anywhere in 127/8', '127.255.0.9'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.254'],
    ['private 192.168/16', '192.168.0.1'],
    ['link-local', '169.254.1.1'],
    ['the cloud metadata address', '169.254.169.254'],
    ['shared address space (CGNAT)', '100.64.0.1'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['multicast', '224.0.0.251'],
    ['broadcast', '255.255.255.255'],
    ['documentation', '192.0.2.10'],
    ['benchmarking', '198.18.0.1'],
    ['reserved 240/4', '240.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['unique-local', 'fd12:3456::1'],
    ['unique-local fc00', 'fc00::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible (deprecated)', '::127.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['no address at all', 'localhost'],
    ['an empty string', ''],
  ])('refuses %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '::ffff:93.184.216.34', '2606:4700:4700::1111', '2a00:1450::1'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('isRefusedWithoutLookup (the catalogue import)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://10.0.0.1/page',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://portal.localhost/',
    'https://products.example:8080/',
    'http://products.example:8443/',
    'http://user:secret@products.example/',
    'ftp://products.example/',
    'file:///etc/passwd',
  ])('refuses %s', (text) => {
    expect(isRefusedWithoutLookup(new URL(text))).toBe(true);
  });

  it.each([
    'https://products.example/lambda',
    'http://products.example:80/lambda',
    'https://products.example:443/lambda',
    'http://93.184.216.34/',
    'http://[2606:4700:4700::1111]/',
  ])('allows %s', (text) => {
    expect(isRefusedWithoutLookup(new URL(text))).toBe(false);
  });
});

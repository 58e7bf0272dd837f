import { describe, expect, it } from 'vitest';
import { parsePublicOrigin, publicOriginSetting } from '../../api-mock/src/lib/publicOrigin';

describe('PUBLIC_ORIGIN', () => {
  it('takes an http(s) origin, normalised to scheme, host and port', () => {
    expect(parsePublicOrigin('https://portal.example.com')).toBe('https://portal.example.com');
    expect(parsePublicOrigin('https://Portal.Example.com:443/')).toBe('https://portal.example.com');
    expect(parsePublicOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parsePublicOrigin('http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('refuses anything else, naming the setting', () => {
    for (const value of [
      '',
      'portal.example.com',
      '//portal.example.com',
      'ftp://portal.example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://portal.example.com/app',
      'https://portal.example.com/signUp#token=x',
      'https://portal.example.com/?next=evil',
      'https://portal.example.com?',
      'https://portal.example.com#',
      'https://user:secret@portal.example.com',
      `https://${'a'.repeat(2050)}.example`,
    ]) {
      expect(() => parsePublicOrigin(value), value.slice(0, 60)).toThrow(/^PUBLIC_ORIGIN must be/);
    }
  });

  it('npm start (demo) uses its own local URL when unset; a deployment without it does not start', () => {
    expect(publicOriginSetting({}, { demo: true, port: 8080 })).toBe('http://localhost:8080');
    expect(publicOriginSetting({ PUBLIC_ORIGIN: '' }, { demo: true, port: 9000 })).toBe('http://localhost:9000');
    expect(publicOriginSetting({ PUBLIC_ORIGIN: 'https://portal.example.com/' }, { demo: true, port: 8080 })).toBe(
      'https://portal.example.com',
    );
    expect(publicOriginSetting({ PUBLIC_ORIGIN: 'https://portal.example.com' }, { demo: false, port: 8080 })).toBe(
      'https://portal.example.com',
    );
    expect(() => publicOriginSetting({}, { demo: false, port: 8080 })).toThrow(/^PUBLIC_ORIGIN is not set/);
    expect(() => publicOriginSetting({ PUBLIC_ORIGIN: '' }, { demo: false, port: 8080 })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => publicOriginSetting({ PUBLIC_ORIGIN: 'https://x.example/p' }, { demo: true, port: 1 })).toThrow(
      /PUBLIC_ORIGIN must be/,
    );
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BASE_URL_MESSAGES,
  endpointUrl,
  isLoopback,
  originPermissionPattern,
  parseBaseUrl,
} from '@/utils/api/base-url';

describe('parseBaseUrl: accepted', () => {
  it.each([
    ['https://x.net', 'https://x.net', 'https://x.net'],
    ['https://x.net/', 'https://x.net', 'https://x.net'],
    ['https://x.net/api', 'https://x.net', 'https://x.net'],
    ['https://x.net/api/', 'https://x.net', 'https://x.net'],
    ['https://x.net/stats/api', 'https://x.net/stats', 'https://x.net'],
    ['https://x.net/stats/api/', 'https://x.net/stats', 'https://x.net'],
    ['https://x.net/stats', 'https://x.net/stats', 'https://x.net'],
    ['https://x.net///', 'https://x.net', 'https://x.net'],
    ['  https://x.net/api  ', 'https://x.net', 'https://x.net'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/api', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['HTTPS://X.Net:443/api', 'https://x.net', 'https://x.net'],
    ['http://[::1]:8080/api/', 'http://[::1]:8080', 'http://[::1]:8080'],
    ['https://x.net/apis', 'https://x.net/apis', 'https://x.net'],
    ['https://x.net/api/api', 'https://x.net', 'https://x.net'],
  ])('%j → root %j', (input, root, origin) => {
    expect(parseBaseUrl(input)).toEqual({ ok: true, root, origin });
  });

  it('never gives a root ending in / or /api', () => {
    for (const input of [
      'https://x.net/api//',
      'https://x.net/a/api/',
      'https://x.net/a//api',
      'https://x.net/api/api/',
    ]) {
      const parsed = parseBaseUrl(input);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.root).not.toMatch(/(\/|\/api)$/);
    }
  });
});

describe('parseBaseUrl: refused', () => {
  it.each([
    ['', BASE_URL_MESSAGES.empty],
    ['   ', BASE_URL_MESSAGES.empty],
    ['/', BASE_URL_MESSAGES.empty],
    ['javascript:alert(1)', BASE_URL_MESSAGES.scheme],
    ['file:///etc/passwd', BASE_URL_MESSAGES.scheme],
    ['ftp://x.net/api', BASE_URL_MESSAGES.scheme],
    ['chrome-extension://abcdefghijklmnop/api', BASE_URL_MESSAGES.scheme],
    ['data:text/html,hi', BASE_URL_MESSAGES.scheme],
    ['https://user:pass@x.net/api', BASE_URL_MESSAGES.credentials],
    ['https://user@x.net', BASE_URL_MESSAGES.credentials],
    ['https://@x.net', BASE_URL_MESSAGES.credentials],
    ['https://x.net/api?key=1', BASE_URL_MESSAGES.query],
    ['https://x.net/api?', BASE_URL_MESSAGES.query],
    ['https://x.net/#top', BASE_URL_MESSAGES.fragment],
    ['https://x.net/api#', BASE_URL_MESSAGES.fragment],
    ['x.net', BASE_URL_MESSAGES.garbage],
    ['not a url', BASE_URL_MESSAGES.garbage],
    ['https://', BASE_URL_MESSAGES.garbage],
    ['https:x.net', BASE_URL_MESSAGES.garbage],
    ['https:///x.net', BASE_URL_MESSAGES.garbage],
    ['https://x.net:99999', BASE_URL_MESSAGES.garbage],
    ['https://x .net', BASE_URL_MESSAGES.garbage],
    ['//x.net/api', BASE_URL_MESSAGES.garbage],
  ])('%j', (input, message) => {
    expect(parseBaseUrl(input)).toEqual({ ok: false, message });
  });

  it('has a plain, distinct message for each reason', () => {
    const messages = Object.values(BASE_URL_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('endpointUrl', () => {
  it('puts /api between the root and the path', () => {
    expect(endpointUrl('https://x.net', '/health')).toBe('https://x.net/api/health');
    expect(endpointUrl('https://x.net/stats', '/players/count')).toBe(
      'https://x.net/stats/api/players/count',
    );
  });
});

describe('originPermissionPattern', () => {
  it.each([
    ['https://x.net', 'https://x.net/*'],
    ['https://x.net/stats/api', 'https://x.net/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['https://x.net:8443/stats', 'https://x.net/*'],
    ['http://localhost:3000', 'http://localhost/*'],
    ['http://[::1]:8080', 'http://[::1]/*'],
  ])('%j → %j', (input, pattern) => {
    expect(originPermissionPattern(input)).toBe(pattern);
  });

  it('throws for anything but an http(s) URL', () => {
    expect(() => originPermissionPattern('ftp://x.net')).toThrow(TypeError);
    expect(() => originPermissionPattern('nonsense')).toThrow(TypeError);
  });
});

describe('isLoopback', () => {
  it.each([
    'http://127.0.0.1:8787',
    'http://127.1.2.3/api',
    'http://127.255.255.255',
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://[::1]:8080',
  ])('%j is loopback', (url) => {
    expect(isLoopback(url)).toBe(true);
  });

  it.each([
    'https://x.net',
    'http://128.0.0.1',
    'http://10.0.0.1',
    'http://127.0.0.1.x.net',
    'http://localhost.x.net',
    'http://[::2]',
    'garbage',
  ])('%j is not', (url) => {
    expect(isLoopback(url)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { FORUM_SITE_MESSAGES, forumSiteLabel, parseForumSite } from '@/entrypoints/options/forum-site-input';
import { t } from '@/utils/i18n/translate';

function originOf(input: string): string | undefined {
  const parsed = parseForumSite(input);
  return parsed.ok ? parsed.origin : undefined;
}

function messageOf(input: string): string | undefined {
  const parsed = parseForumSite(input);
  return parsed.ok ? undefined : parsed.message;
}

describe('parseForumSite', () => {
  it.each([
    ['forum.example.net', 'https://forum.example.net'],
    ['  forum.example.net  ', 'https://forum.example.net'],
    ['https://forum.example.net/threads/x', 'https://forum.example.net'],
    ['https://forum.example.net/threads/x?page=2#post-5', 'https://forum.example.net'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/forum/xenforo?count=3', 'http://127.0.0.1:8787'],
    ['HTTPS://Forum.Example.NET/', 'https://forum.example.net'],
    ['https://forum.example.net:443/', 'https://forum.example.net'],
    ['forum.example.net:8443/community', 'https://forum.example.net:8443'],
    ['localhost:8787', 'https://localhost:8787'],
    ['http://localhost', 'http://localhost'],
    ['//forum.example.net/x', 'https://forum.example.net'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
    ['fórum.example', 'https://xn--frum-qqa.example'],
    ['my_forum.example.net', 'https://my_forum.example.net'],
  ])('%s → %s', (input, origin) => {
    expect(originOf(input)).toBe(origin);
  });

  it('asks for an address when empty', () => {
    expect(messageOf('')).toBe(t(FORUM_SITE_MESSAGES.empty));
    expect(messageOf('   ')).toBe(t(FORUM_SITE_MESSAGES.empty));
  });

  it.each([
    'ftp://forum.example.net',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'mailto:admin@example.net',
    'chrome-extension://abc/options.html',
    'ws://forum.example.net',
  ])('refuses the non-http(s) %s', (input) => {
    expect(messageOf(input)).toBe(t(FORUM_SITE_MESSAGES.scheme));
  });

  it.each([
    'not a forum',
    'https://',
    'http:///path',
    'https://*.example.net',
    '*.example.net',
    'https://forum.example.net:99999',
    'https://exa<mple>.net',
    'forum..example.net',
    '.example.net',
  ])('refuses the garbage %s', (input) => {
    expect(messageOf(input)).toBe(t(FORUM_SITE_MESSAGES.garbage));
  });

  it.each(['forum', '1234'])('asks for a full host name instead of the single label %s', (input) => {
    expect(messageOf(input)).toBe(t(FORUM_SITE_MESSAGES.host));
  });

  it('refuses credentials in the address', () => {
    expect(messageOf('https://user:pass@forum.example.net')).toBe(t(FORUM_SITE_MESSAGES.credentials));
    expect(messageOf('user@forum.example.net')).toBe(t(FORUM_SITE_MESSAGES.credentials));
  });

  it('always returns an origin the settings accept (no path, no wildcard)', () => {
    for (const input of ['forum.example.net/x/y', 'http://127.0.0.1:1/a', 'localhost']) {
      expect(originOf(input)).toMatch(/^https?:\/\/[^/\s*]+$/);
    }
  });
});

describe('forumSiteLabel', () => {
  it('names https sites by host and keeps http visible', () => {
    expect(forumSiteLabel('https://forum.example.net')).toBe('forum.example.net');
    expect(forumSiteLabel('https://forum.example.net:8443')).toBe('forum.example.net:8443');
    expect(forumSiteLabel('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});

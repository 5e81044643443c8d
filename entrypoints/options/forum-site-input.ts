/**
 * What the user types in the options page's "Forum site" box → the origin the extension
 * asks host permission for and registers the hover-card script on.
 *
 * Accepts a bare host name (`forum.example.net`, `localhost:8787`), an origin
 * (`http://127.0.0.1:8787`) or any page of the forum (`https://forum.example.net/threads/x`).
 * A bare host means https. Refuses other schemes, credentials, wildcards and anything that
 * is not a host name, so the permission asked for is always exactly one host.
 */
import { tryUrl } from '../../utils/api/base-url';
import { type MessageKey, t } from '../../utils/i18n/translate';

export type ParsedForumSite = { ok: true; origin: string } | { ok: false; message: string };

/** Why an address is refused: catalogue keys, translated when the answer is built. */
export const FORUM_SITE_MESSAGES = {
  empty: 'options.forumSites.input.empty',
  garbage: 'options.forumSites.input.garbage',
  scheme: 'options.forumSites.input.scheme',
  credentials: 'options.forumSites.input.credentials',
  host: 'options.forumSites.input.host',
} as const satisfies Record<string, MessageKey>;

type ForumSiteProblem = (typeof FORUM_SITE_MESSAGES)[keyof typeof FORUM_SITE_MESSAGES];

function refused(problem: ForumSiteProblem): ParsedForumSite {
  return { ok: false, message: t(problem) };
}

/** `forum.example.net`, `fórum.example`, `localhost`, `127.0.0.1` (a trailing dot allowed). */
const HOST_NAME = /^[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.?$/u;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/i;
const PORT = /:(\d{1,5})$/;
/** A scheme followed by `//`. */
const EXPLICIT_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
/** A scheme without `//` (`mailto:`, `javascript:`), as opposed to `host:port`. */
const OPAQUE_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

function hostProblem(authority: string): ForumSiteProblem | undefined {
  if (authority === '') return FORUM_SITE_MESSAGES.garbage;
  if (authority.includes('@')) return FORUM_SITE_MESSAGES.credentials;
  const host = authority.replace(PORT, '');
  if (IPV6_HOST.test(host)) return undefined;
  if (!HOST_NAME.test(host)) return FORUM_SITE_MESSAGES.garbage;
  // A single label ("forum", "1234") is not a forum on the web; localhost is the exception.
  if (!host.replace(/\.$/, '').includes('.') && host.toLowerCase() !== 'localhost') {
    return FORUM_SITE_MESSAGES.host;
  }
  return undefined;
}

export function parseForumSite(input: string): ParsedForumSite {
  const text = input.trim();
  if (text === '') return refused(FORUM_SITE_MESSAGES.empty);
  if (/\s/.test(text)) return refused(FORUM_SITE_MESSAGES.garbage);

  let candidate: string;
  const scheme = EXPLICIT_SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https') return refused(FORUM_SITE_MESSAGES.scheme);
    candidate = text;
  } else if (OPAQUE_SCHEME.test(text)) {
    return refused(FORUM_SITE_MESSAGES.scheme);
  } else {
    candidate = `https://${text.replace(/^\/\//, '')}`;
  }

  const authority = candidate.slice(candidate.indexOf('//') + 2).split(/[/?#\\]/)[0] ?? '';
  const problem = hostProblem(authority);
  if (problem !== undefined) return refused(problem);

  const url = tryUrl(candidate);
  if (url === undefined || url.hostname === '') return refused(FORUM_SITE_MESSAGES.garbage);
  if (url.username !== '' || url.password !== '') return refused(FORUM_SITE_MESSAGES.credentials);
  return { ok: true, origin: url.origin };
}

/**
 * How a site is named on the page: the host for https (`forum.example.net`), the whole
 * origin for plain http so the missing encryption shows (`http://127.0.0.1:8787`).
 */
export function forumSiteLabel(origin: string): string {
  return origin.startsWith('https://') ? origin.slice('https://'.length) : origin;
}

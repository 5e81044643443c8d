import { messageTable } from '../i18n/translate';

/**
 * The API's base address as the user types it in the options page → the root every
 * endpoint hangs off, plus what the extension needs to ask for host permission.
 */

export type ParsedBaseUrl = { ok: true; root: string; origin: string } | { ok: false; message: string };

/** Why an address cannot be used, in the UI language of the moment it is read. */
export const BASE_URL_MESSAGES = messageTable({
  empty: 'errors.baseUrl.empty',
  garbage: 'errors.baseUrl.garbage',
  scheme: 'errors.baseUrl.scheme',
  credentials: 'errors.baseUrl.credentials',
  query: 'errors.baseUrl.query',
  fragment: 'errors.baseUrl.fragment',
});

/**
 * Trailing slashes removed by a loop: the regex `/\/+$/` is quadratic on a long run of
 * slashes that is not at the end, which froze the options page on a pasted value.
 */
function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

/** Strip trailing slashes, then a final `/api` segment, until neither is left. */
function stripApiSuffix(pathname: string): string {
  let path = pathname;
  for (;;) {
    const next = trimTrailingSlashes(path).replace(/\/api$/, '');
    if (next === path) return path;
    path = next;
  }
}

/** `new URL` without the throw (URL.canParse is too new for every browser we support). */
export function tryUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function parseHttpUrl(text: string): URL | undefined {
  const url = tryUrl(text);
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? url : undefined;
}

export function parseBaseUrl(input: string): ParsedBaseUrl {
  const text = trimTrailingSlashes(input.trim());
  if (text === '') return { ok: false, message: BASE_URL_MESSAGES.empty };
  if (/\s/.test(text)) return { ok: false, message: BASE_URL_MESSAGES.garbage };

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return { ok: false, message: BASE_URL_MESSAGES.garbage };
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, message: BASE_URL_MESSAGES.scheme };
  if (!/^https?:\/\/[^/]/i.test(text)) return { ok: false, message: BASE_URL_MESSAGES.garbage };

  const url = parseHttpUrl(text);
  if (url === undefined || url.hostname === '') return { ok: false, message: BASE_URL_MESSAGES.garbage };
  if (url.username !== '' || url.password !== '' || /^https?:\/\/[^/]*@/i.test(text)) {
    return { ok: false, message: BASE_URL_MESSAGES.credentials };
  }
  // URL drops an empty `?` or `#`, so look at the text as well.
  if (url.search !== '' || text.includes('?')) return { ok: false, message: BASE_URL_MESSAGES.query };
  if (url.hash !== '' || text.includes('#')) return { ok: false, message: BASE_URL_MESSAGES.fragment };

  return { ok: true, root: `${url.origin}${stripApiSuffix(url.pathname)}`, origin: url.origin };
}

/** `endpointUrl('https://x.net/stats', '/health')` → `https://x.net/stats/api/health`. */
export function endpointUrl(root: string, path: string): string {
  return `${root}/api${path}`;
}

/**
 * A WebExtension match pattern covering one host: `https://x.net:8443/api` → `https://x.net/*`.
 * Match patterns carry no port, so the pattern covers every port of that host.
 * Throws a TypeError for anything that is not an http(s) URL (a programming error: callers
 * pass the `origin` or `root` from `parseBaseUrl`).
 */
export function originPermissionPattern(originOrUrl: string): string {
  const url = parseHttpUrl(originOrUrl.trim());
  if (url === undefined) throw new TypeError(`Not an http(s) URL: ${originOrUrl.slice(0, 100)}`);
  return `${url.protocol}//${url.hostname}/*`;
}

/** True for 127.0.0.0/8, localhost and [::1]: addresses that never leave the machine. */
export function isLoopback(url: string): boolean {
  const host = tryUrl(url)?.hostname.toLowerCase();
  if (host === undefined) return false;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

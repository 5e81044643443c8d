/** Small response builders shared by the API, fault and control routes. */
import type { BodyFault } from './faults';
import type { Endpoint } from './request-log';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Spec section 7: only player and leaderboard promise a JSON `{error}` body (the demo adds 'other'). */
export function hasJsonErrors(endpoint: Endpoint): boolean {
  return endpoint === 'player' || endpoint === 'leaderboard' || endpoint === 'other';
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE, ...headers } });
}

export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json({ error }, status, headers);
}

export function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': TEXT_TYPE, ...headers } });
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  const nullBody = status === 204 || status === 205 || status === 304;
  return new Response(nullBody ? null : body, { status, headers: { 'Content-Type': HTML_TYPE, ...headers } });
}

/** An error in the endpoint's style: JSON `{error}` for player/leaderboard, plain text elsewhere. */
export function endpointError(
  endpoint: Endpoint,
  status: number,
  error: string,
  plain: string,
  headers: Record<string, string> = {},
): Response {
  return hasJsonErrors(endpoint) ? jsonError(status, error, headers) : text(plain, status, headers);
}

export function tooManyRequests(endpoint: Endpoint, retryAfter: string | null): Response {
  const headers: Record<string, string> = retryAfter === null ? {} : { 'Retry-After': retryAfter };
  return endpointError(endpoint, 429, 'Too many requests', 'Too many requests', headers);
}

const STATUS_TITLES: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A small HTML error page, like a reverse proxy in front of a broken backend would send. */
export function errorPage(status: number): Response {
  const title = STATUS_TITLES[status] ?? 'Error';
  return html(
    `<!doctype html>\n<html><head><title>${status} ${title}</title></head>` +
      `<body><h1>${status} ${title}</h1><hr><p>nginx</p></body></html>\n`,
    status,
  );
}

const HUGE_PADDING_BYTES = 5 * 1024 * 1024;

/** Replaces a 200 answer's body per the `body` fault; status and other headers are kept. */
export async function faultyBody(response: Response, fault: BodyFault): Promise<Response> {
  const original = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  const respond = (body: string, contentType = JSON_TYPE) => {
    headers.set('Content-Type', contentType);
    return new Response(body, { status: response.status, headers });
  };
  switch (fault) {
    case 'html':
      return respond(
        '<!doctype html>\n<html><head><title>Just a moment...</title></head>' +
          '<body><h1>Checking your browser before accessing the site.</h1></body></html>\n',
        HTML_TYPE,
      );
    case 'empty':
      return respond('');
    case 'truncated':
      return respond(original.slice(0, Math.floor(original.length / 2)));
    case 'wrong-shape':
      // Valid JSON, but the real answer is wrapped in an envelope, so every required field is missing.
      return respond(`{"data":${original || 'null'}}`);
    case 'huge':
      // Valid JSON of the right shape (objects are loose), padded to about 5 MB.
      return respond(
        original.startsWith('{') && original.trim() !== '{}'
          ? `{"padding":"${'x'.repeat(HUGE_PADDING_BYTES)}",${original.slice(1)}`
          : `{"padding":"${'x'.repeat(HUGE_PADDING_BYTES)}","data":${original || 'null'}}`,
      );
  }
}

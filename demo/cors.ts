/**
 * CORS for every response (docs/api-spec.md §1 and §5.5): `Access-Control-Allow-Origin: *` on everything,
 * errors included, and a 204 answer to every preflight (never rate-limited, never logged).
 * The control routes (/__demo/) also allow PUT, DELETE and POST. Retry-After is deliberately
 * not exposed: the spec promises only the allow-origin header, and the demo should not be more
 * lenient than the real server is known to be.
 */
import type { MiddlewareHandler } from 'hono';

export const API_METHODS = 'GET, OPTIONS';
export const CONTROL_METHODS = 'GET, PUT, DELETE, POST, OPTIONS';
export const ALLOWED_HEADERS = 'X-API-Key, Content-Type';

export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': c.req.path.startsWith('/__demo') ? CONTROL_METHODS : API_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
        },
      });
    }
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}

/**
 * Everything around the endpoints for a request under /api/, in this order:
 * 1. fault switches (faults.ts), before authentication;
 * 2. methods: only GET (and HEAD) → otherwise 405 JSON with `Allow: GET, OPTIONS`;
 * 3. unknown /api/ paths → 404 JSON `{error}`, without key check or rate limit;
 * 4. rate limit (rate-limit.ts), per key value, counted before the key check so a flood of
 *    bad keys is throttled too → 429 + Retry-After;
 * 5. `X-API-Key` must equal the key → 401 (JSON `{error}` for player and leaderboard, plain
 *    text `Unauthorized` for health, auction search and count, whose bodies the spec does not show);
 * 6. the endpoint itself (api-routes.ts), then the `body` fault on a 200.
 * Each request is logged with the status actually sent (0 when the connection was dropped).
 * Preflights never get here (cors.ts answers them).
 */
import type { Hono } from 'hono';
import type { DemoContext } from './context';
import { classifyEndpoint, type Endpoint, type RequestLogEntry } from './request-log';
import { endpointError, errorPage, faultyBody, jsonError, tooManyRequests } from './responses';

/** Returned instead of a response when the `down` fault wants the connection dropped. */
export const DROP = Symbol('drop connection');

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answer(
  request: Request,
  endpoint: Endpoint,
  ctx: DemoContext,
  routes: Hono,
): Promise<Response | typeof DROP> {
  const faults = ctx.faults.snapshot();
  const faulted = ctx.faults.covers(endpoint);
  if (faulted) {
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    await ctx.faults.held();
    if (faults.down) return DROP;
    if (faults.redirectTo !== null)
      return new Response(null, { status: 302, headers: { Location: faults.redirectTo } });
    if (faults.status !== null) return errorPage(faults.status);
    if (faults.rateLimited !== null) return tooManyRequests(endpoint, faults.rateLimited.retryAfter);
    if (faults.auctionUnavailable && endpoint === 'auction') return errorPage(503);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return jsonError(405, 'Method not allowed', { Allow: 'GET, OPTIONS' });
  }
  if (endpoint === 'other') return jsonError(404, 'Not found');
  const key = request.headers.get('X-API-Key') || null;
  const limit = ctx.limiter.take(key);
  if (!limit.allowed) return tooManyRequests(endpoint, String(limit.retryAfterSeconds));
  if (key !== ctx.apiKey) {
    const error = key === null ? 'Missing API key (X-API-Key header)' : 'Invalid API key';
    return endpointError(endpoint, 401, error, 'Unauthorized');
  }
  const response = await routes.fetch(request);
  if (faulted && faults.body !== null && response.status === 200) return faultyBody(response, faults.body);
  return response;
}

/** Answers one API request; `drop` destroys the connection (the `down` fault). */
export async function handleApiRequest(
  request: Request,
  ctx: DemoContext,
  routes: Hono,
  drop: () => Response,
): Promise<Response> {
  const url = new URL(request.url);
  const key = request.headers.get('X-API-Key');
  const firstValues = new Map<string, string>();
  for (const [name, value] of url.searchParams) if (!firstValues.has(name)) firstValues.set(name, value);
  const query: Record<string, string> = Object.fromEntries(firstValues);
  const entry: Omit<RequestLogEntry, 'status'> = {
    time: ctx.now(),
    method: request.method,
    path: url.pathname,
    query,
    hadKey: key !== null && key !== '',
    keyValid: key === ctx.apiKey,
    endpoint: classifyEndpoint(url.pathname),
  };
  const result = await answer(request, entry.endpoint, ctx, routes);
  if (result === DROP) {
    ctx.log.add({ ...entry, status: 0 });
    return drop();
  }
  ctx.log.add({ ...entry, status: result.status });
  return result;
}

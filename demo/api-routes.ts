/**
 * The five endpoints of docs/api-spec.md §4, reached only once faults, method, rate limit and
 * key have been dealt with (api-gate.ts).
 */
import { Hono } from 'hono';
import { searchAuctions } from './auction-search';
import type { DemoContext } from './context';
import { leaderboard } from './leaderboard';
import { json, jsonError } from './responses';

const PLAYER_PREFIX = '/api/player';

function decodeIdentifier(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function createApiRoutes(ctx: DemoContext): Hono {
  const api = new Hono();

  api.get('/api/health', () => json({ status: 'ok' }));

  const player = (request: Request): Response => {
    const rest = new URL(request.url).pathname.slice(PLAYER_PREFIX.length).replace(/^\//, '');
    const identifier = decodeIdentifier(rest).trim();
    if (identifier === '') return jsonError(400, 'Missing player name or UUID');
    const found = ctx.data.findPlayer(identifier);
    return found ? json(found) : jsonError(404, `No player found matching '${identifier}'`);
  };
  api.get(PLAYER_PREFIX, (c) => player(c.req.raw));
  api.get(`${PLAYER_PREFIX}/*`, (c) => player(c.req.raw));

  api.get('/api/auction/search', (c) => {
    const result = searchAuctions(ctx.data.auctions, new URL(c.req.url).searchParams, ctx.now());
    return result.ok ? json(result.body) : jsonError(400, result.error);
  });

  api.get('/api/leaderboard', (c) => {
    const result = leaderboard(ctx.data.players, new URL(c.req.url).searchParams);
    return result.ok ? json(result.body) : jsonError(400, result.error);
  });

  api.get('/api/players/count', () => json({ online: ctx.online.current() }));

  api.notFound(() => jsonError(404, 'Not found'));
  return api;
}

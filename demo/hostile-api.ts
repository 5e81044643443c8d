/**
 * A hostile API server for the security tests: it follows the spec's shapes exactly, but every
 * field a player writes (names, ranks, item display names, sellers, formatted prices) holds
 * hostile text from hostile-strings.ts. It also serves a forum page naming the hostile players,
 * and logs every request with whether it carried an API key, so tests can also use it as
 * "another origin" that must never see the key.
 *
 *   GET /api/health, /api/players/count, /api/player/:name, /api/leaderboard, /api/auction/search
 *   GET /forum/hostile-text       a XenForo-style thread by the hostile players
 *   anything else                 404 (logged)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUCTION_LIMIT_MAX, LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_LIMIT_MAX } from '../utils/limits';
import { renderForumPage } from './forum-pages';
import {
  HOSTILE_PLAYER_ASKS,
  HOSTILE_PLAYERS,
  HOSTILE_TEXTS,
  type HostilePlayerText,
} from './hostile-strings';

export const HOSTILE_API_KEY = 'hostile-key';

export interface HostileRequest {
  path: string;
  /** The X-API-Key header as received ('' when absent). */
  apiKey: string;
  /** The Origin header ('' when absent). */
  origin: string;
}

export interface HostileApi {
  /** `http://127.0.0.1:PORT` (no trailing slash, no /api). */
  url: string;
  apiKey: string;
  log(): HostileRequest[];
  clearLog(): void;
  close(): Promise<void>;
}

/** A UUID per index, valid for the schema: `00000000-0000-4000-8000-00000000000N`. */
function uuidFor(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

function playerBody(player: HostilePlayerText, index: number): unknown {
  return {
    uuid: uuidFor(index + 1),
    name: player.name,
    online: player.online,
    rank: { id: player.rank, display: player.rank, weight: 1 },
    balance: 1234.5,
    shards: 7,
    stats: { kills: 3, deaths: 0, playtime_ticks: 72_000, playtime_hours: 1 },
    stats_may_lag: player.online,
  };
}

function leaderboardBody(type: string, limit: number): unknown {
  const entries = HOSTILE_TEXTS.slice(0, limit).map((entry, index) => ({
    rank: index + 1,
    uuid: uuidFor(100 + index),
    name: entry.text,
    value: 1_000_000 - index,
  }));
  return { type, count: entries.length, entries };
}

function auctionBody(nowSeconds: number, limit: number): unknown {
  const results = HOSTILE_TEXTS.slice(0, limit).map((entry, index) => ({
    id: index + 1,
    seller: (HOSTILE_TEXTS[(index + 3) % HOSTILE_TEXTS.length] ?? entry).text,
    material: index % 5 === 0 ? '<img_src=x_onerror=alert(1)>' : 'DIAMOND_SWORD',
    display_name: entry.text,
    amount: 1 + (index % 3),
    price: 100 + index,
    formatted_price: index % 2 === 0 ? '<b>1k</b>' : 'javascript:alert(1)',
    created_at_epoch: nowSeconds - 3600,
    expires_at_epoch: nowSeconds + 3600 + index,
    time_left_seconds: 3600 + index,
  }));
  return { count: results.length, total_matching: results.length, results };
}

function limitParam(url: URL, max: number, fallback: number): number {
  const value = Number(url.searchParams.get('limit'));
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

type Answer = { status: number; body: string; type: 'application/json' | 'text/html' | 'text/plain' };

const json = (status: number, body: unknown): Answer => ({
  status,
  body: JSON.stringify(body),
  type: 'application/json',
});

function send(response: ServerResponse, { status, body, type }: Answer): void {
  response.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

function answerApi(url: URL): Answer {
  const path = url.pathname;
  if (path === '/api/health') return json(200, { status: 'ok' });
  if (path === '/api/players/count') return json(200, { online: HOSTILE_PLAYERS.length });
  if (path.startsWith('/api/player/')) {
    const asked = decodeURIComponent(path.slice('/api/player/'.length)).toLowerCase();
    const index = HOSTILE_PLAYERS.findIndex((player) => player.ask.toLowerCase() === asked);
    const player = HOSTILE_PLAYERS[index];
    return player === undefined
      ? json(404, { error: 'Player not found' })
      : json(200, playerBody(player, index));
  }
  if (path === '/api/leaderboard') {
    return json(
      200,
      leaderboardBody(
        url.searchParams.get('type') ?? 'balance',
        limitParam(url, LEADERBOARD_LIMIT_MAX, LEADERBOARD_LIMIT_DEFAULT),
      ),
    );
  }
  if (path === '/api/auction/search') {
    return json(200, auctionBody(Math.floor(Date.now() / 1000), limitParam(url, AUCTION_LIMIT_MAX, 20)));
  }
  return json(404, { error: 'Not found' });
}

function handle(request: IncomingMessage, response: ServerResponse, log: HostileRequest[], apiKey: string) {
  const url = new URL(request.url ?? '/', 'http://hostile.invalid');
  const key = request.headers['x-api-key'];
  const sentKey = typeof key === 'string' ? key : '';
  log.push({
    path: url.pathname + url.search,
    apiKey: sentKey,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : '',
  });
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, OPTIONS',
      'Access-Control-Allow-Headers': 'X-API-Key',
    });
    response.end();
    return;
  }
  let answer: Answer;
  if (url.pathname === '/forum/hostile-text') {
    const body = renderForumPage('xenforo', { names: HOSTILE_PLAYER_ASKS, count: 14 });
    answer = { status: 200, body, type: 'text/html' };
  } else if (!url.pathname.startsWith('/api/')) {
    answer = { status: 404, body: 'Not found', type: 'text/plain' };
  } else if (sentKey !== apiKey) {
    answer = json(401, { error: 'Invalid API key' });
  } else {
    answer = answerApi(url);
  }
  send(response, answer);
}

export async function startHostileApi(options: { apiKey?: string } = {}): Promise<HostileApi> {
  const apiKey = options.apiKey ?? HOSTILE_API_KEY;
  let log: HostileRequest[] = [];
  const server = createServer((request, response) => handle(request, response, log, apiKey));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    log: () => log.map((entry) => ({ ...entry })),
    clearLog: () => {
      log = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

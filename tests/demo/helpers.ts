import { type DemoServer, type DemoServerOptions, startDemoServer } from '../../demo/server';

/** A server on a free port. */
export function startTestServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  return startDemoServer({ port: 0, ...options });
}

/** GET (or `method`) an API path with the server's key, another key, or none (`key: null`). */
export function call(
  server: DemoServer,
  path: string,
  init: { key?: string | null; method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const key = init.key === undefined ? server.apiKey : init.key;
  const headers: Record<string, string> = { ...init.headers };
  if (key !== null) headers['X-API-Key'] = key;
  return fetch(`${server.url}${path}`, { method: init.method ?? 'GET', headers, redirect: 'manual' });
}

export async function callJson(server: DemoServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await call(server, path);
  return { status: response.status, body: await response.json() };
}

/** A call to the control API under /__demo/; `body` is sent as JSON unless it is already a string. */
export function control(server: DemoServer, path: string, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${server.url}/__demo/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A manual ms clock for `now`. */
export function manualClock(startMs: number): { now: () => number; advance: (ms: number) => void } {
  let time = startMs;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}

export const API_PATHS = {
  health: '/api/health',
  player: '/api/player/Steve',
  auction: '/api/auction/search',
  leaderboard: '/api/leaderboard?type=kills',
  count: '/api/players/count',
} as const;

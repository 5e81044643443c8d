// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server';
import { API_PATHS, call, startTestServer } from './helpers';

let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer({ apiKey: 'secret-key' });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const JSON_ERRORS = ['player', 'leaderboard'] as const;
const TEXT_ERRORS = ['health', 'auction', 'count'] as const;

describe('authentication', () => {
  it('uses the configured key', () => {
    expect(server.apiKey).toBe('secret-key');
  });

  it.each(Object.entries(API_PATHS))('%s answers 200 with the key', async (_, path) => {
    expect((await call(server, path)).status).toBe(200);
  });

  it.each(JSON_ERRORS)('%s answers 401 {error} without a key and with a wrong key', async (endpoint) => {
    for (const key of [null, 'wrong-key', '']) {
      const response = await call(server, API_PATHS[endpoint], { key });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it.each(TEXT_ERRORS)(
    '%s answers 401 with a plain-text body without a key and with a wrong key',
    async (endpoint) => {
      for (const key of [null, 'wrong-key', 'SECRET-KEY']) {
        const response = await call(server, API_PATHS[endpoint], { key });
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toContain('text/plain');
        expect(await response.text()).toBe('Unauthorized');
      }
    },
  );

  it('checks the key before validating parameters', async () => {
    expect((await call(server, '/api/leaderboard?type=nope', { key: null })).status).toBe(401);
    expect((await call(server, '/api/player/', { key: 'bad' })).status).toBe(401);
  });
});

describe('CORS', () => {
  const allowOrigin = (response: Response) => response.headers.get('access-control-allow-origin');

  it('is on 200, 400, 401 and 404 answers', async () => {
    const responses = [
      await call(server, '/api/health'),
      await call(server, '/api/leaderboard'),
      await call(server, '/api/health', { key: null }),
      await call(server, '/api/player/NobodyHere'),
      await call(server, '/api/unknown'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 401, 404, 404]);
    for (const response of responses) expect(allowOrigin(response)).toBe('*');
  });

  it('is on 429 and 503 answers', async () => {
    server.faults.rateLimited = { retryAfter: '30' };
    const limited = await call(server, '/api/player/Steve');
    expect(limited.status).toBe(429);
    expect(allowOrigin(limited)).toBe('*');
    server.faults.reset();
    server.faults.auctionUnavailable = true;
    const unavailable = await call(server, '/api/auction/search');
    expect(unavailable.status).toBe(503);
    expect(allowOrigin(unavailable)).toBe('*');
  });

  it('is on fault, forum, control and unknown non-API answers', async () => {
    server.faults.status = 502;
    expect(allowOrigin(await call(server, '/api/health'))).toBe('*');
    server.faults.reset();
    for (const path of ['/forum/', '/forum/phpbb', '/__demo/log', '/nothing-here', '/']) {
      expect(allowOrigin(await fetch(`${server.url}${path}`))).toBe('*');
    }
  });

  it('answers preflights with 204 and the allowed methods and headers', async () => {
    for (const path of [...Object.values(API_PATHS), '/api/unknown']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://forum.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(response.status).toBe(204);
      expect(allowOrigin(response)).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
      expect(response.headers.get('access-control-allow-headers')).toBe('X-API-Key, Content-Type');
    }
  });

  it('allows PUT, DELETE and POST in control-route preflights', async () => {
    const response = await fetch(`${server.url}/__demo/faults`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, PUT, DELETE, POST, OPTIONS');
  });

  it('does not log or rate-limit preflights', async () => {
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/api/health`, { method: 'OPTIONS' });
    expect(server.log()).toEqual([]);
  });
});

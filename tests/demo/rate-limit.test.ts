// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server';
import { call, manualClock, startTestServer } from './helpers';

const clock = manualClock(Date.UTC(2030, 0, 1, 12));
let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 3, windowSeconds: 10 }, now: clock.now });
});
afterAll(() => server.close());

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, per key, until the window ends', async () => {
    for (let i = 0; i < 3; i++) expect((await call(server, '/api/health')).status).toBe(200);
    clock.advance(4_000);
    const limited = await call(server, '/api/player/Steve');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('6');
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(await limited.json()).toEqual({ error: 'Too many requests' });

    const plain = await call(server, '/api/players/count');
    expect(plain.status).toBe(429);
    expect(plain.headers.get('content-type')).toContain('text/plain');

    // Another key (even a wrong one) has its own window; no key shares one bucket.
    expect((await call(server, '/api/health', { key: 'other' })).status).toBe(401);
    expect((await call(server, '/api/health', { key: null })).status).toBe(401);

    clock.advance(6_000);
    expect((await call(server, '/api/health')).status).toBe(200);
  });

  it('is applied to requests without a key too', async () => {
    clock.advance(60_000);
    for (let i = 0; i < 3; i++)
      expect((await call(server, '/api/leaderboard?type=kills', { key: null })).status).toBe(401);
    const limited = await call(server, '/api/leaderboard?type=kills', { key: null });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(10);
  });

  it('is cleared by reset', async () => {
    clock.advance(60_000);
    for (let i = 0; i < 4; i++) await call(server, '/api/health');
    expect((await call(server, '/api/health')).status).toBe(429);
    server.reset();
    expect((await call(server, '/api/health')).status).toBe(200);
  });
});

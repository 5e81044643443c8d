// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server';
import { HealthSchema, PlayerSchema } from '../../utils/api/schemas';
import { API_PATHS, call, startTestServer } from './helpers';

let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const lastStatus = () => server.log().at(-1)?.status;

describe('fault switches', () => {
  it('are all off by default and after reset', () => {
    server.faults.down = true;
    server.faults.reset();
    expect({ ...server.faults }).toEqual({
      latencyMs: 0,
      rateLimited: null,
      auctionUnavailable: false,
      body: null,
      status: null,
      redirectTo: null,
      down: false,
      endpoints: null,
    });
  });

  it('latencyMs delays the answer', async () => {
    server.faults.latencyMs = 150;
    const started = performance.now();
    expect((await call(server, '/api/health')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('holdAnswers holds covered answers until released (or reset), and no other', async () => {
    server.faults.endpoints = ['player'];
    const release = server.faults.holdAnswers();
    let answered = false;
    const held = call(server, '/api/player/Steve').then((response) => {
      answered = true;
      return response;
    });
    expect((await call(server, '/api/health')).status).toBe(200);
    expect(answered).toBe(false);
    expect(server.log().map((entry) => entry.path)).toEqual(['/api/health']);
    release();
    expect((await held).status).toBe(200);
    server.faults.holdAnswers();
    const second = call(server, '/api/player/Alex');
    await call(server, '/api/health');
    server.faults.reset();
    expect((await second).status).toBe(200);
  });

  it('rateLimited forces 429 with Retry-After verbatim, or none', async () => {
    for (const retryAfter of ['30', 'Wed, 21 Oct 2037 07:28:00 GMT', 'soon']) {
      server.faults.rateLimited = { retryAfter };
      const response = await call(server, '/api/player/Steve');
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe(retryAfter);
      expect(await response.json()).toEqual({ error: 'Too many requests' });
    }
    server.faults.rateLimited = { retryAfter: null };
    const response = await call(server, '/api/health');
    expect(response.status).toBe(429);
    expect(response.headers.has('retry-after')).toBe(false);
    expect(response.headers.get('content-type')).toContain('text/plain');
  });

  it('apply before auth: a broken server is broken for everyone', async () => {
    server.faults.status = 500;
    expect((await call(server, '/api/health', { key: null })).status).toBe(500);
    expect((await call(server, '/api/health', { key: 'wrong' })).status).toBe(500);
  });

  it('auctionUnavailable makes auction search answer 503 with HTML, and nothing else', async () => {
    server.faults.auctionUnavailable = true;
    const response = await call(server, '/api/auction/search');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<html');
    expect((await call(server, '/api/health')).status).toBe(200);
  });

  it.each([500, 502, 504])('status %i answers that status with a small HTML body', async (status) => {
    server.faults.status = status;
    const response = await call(server, '/api/leaderboard?type=balance');
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('text/html');
    const body = await response.text();
    expect(body).toContain(String(status));
    expect(body.length).toBeLessThan(1000);
  });

  it('redirectTo answers 302 to the URL', async () => {
    server.faults.redirectTo = 'https://login.example.com/portal';
    const response = await call(server, '/api/health');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://login.example.com/portal');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('down drops the connection (a network error) and logs status 0', async () => {
    server.faults.down = true;
    await expect(call(server, '/api/health')).rejects.toThrow();
    expect(lastStatus()).toBe(0);
    server.faults.down = false;
    expect((await call(server, '/api/health')).status).toBe(200);
  });

  describe('body', () => {
    it('html replaces a 200 with HTML text', async () => {
      server.faults.body = 'html';
      const response = await call(server, '/api/player/Steve');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      await expect(response.clone().json()).rejects.toThrow();
      expect(await response.text()).toContain('<html');
    });

    it('empty answers 200 with no body', async () => {
      server.faults.body = 'empty';
      const response = await call(server, '/api/player/Steve');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });

    it('truncated cuts the JSON in half', async () => {
      const full = await (await call(server, '/api/player/Steve')).text();
      server.faults.body = 'truncated';
      const cut = await (await call(server, '/api/player/Steve')).text();
      expect(cut).toBe(full.slice(0, Math.floor(full.length / 2)));
      expect(() => JSON.parse(cut)).toThrow();
    });

    it('wrong-shape is valid JSON that fails the schema', async () => {
      server.faults.body = 'wrong-shape';
      const body: unknown = await (await call(server, '/api/health')).json();
      expect(HealthSchema.safeParse(body).success).toBe(false);
      const player: unknown = await (await call(server, '/api/player/Steve')).json();
      expect(PlayerSchema.safeParse(player).success).toBe(false);
    });

    it('huge answers about 5 MB of valid JSON', async () => {
      server.faults.body = 'huge';
      const text = await (await call(server, '/api/player/Steve')).text();
      expect(text.length).toBeGreaterThan(5_000_000);
      expect(PlayerSchema.parse(JSON.parse(text)).name).toBe('Steve');
    });

    it('leaves non-200 answers alone', async () => {
      server.faults.body = 'html';
      const response = await call(server, '/api/player/NobodyHere');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "No player found matching 'NobodyHere'" });
      expect((await call(server, '/api/health', { key: null })).status).toBe(401);
    });
  });

  describe('endpoints scope', () => {
    it('limits every switch to the listed endpoints', async () => {
      server.faults.status = 502;
      server.faults.endpoints = ['player', 'count'];
      const statuses = Object.fromEntries(
        await Promise.all(
          Object.entries(API_PATHS).map(
            async ([name, path]) => [name, (await call(server, path)).status] as const,
          ),
        ),
      );
      expect(statuses).toEqual({ health: 200, player: 502, auction: 200, leaderboard: 200, count: 502 });
    });

    it('scopes down, latency and body too', async () => {
      server.faults.update({ down: true, endpoints: ['auction'] });
      await expect(call(server, '/api/auction/search')).rejects.toThrow();
      expect((await call(server, '/api/health')).status).toBe(200);
      server.faults.reset();
      server.faults.update({ body: 'empty', latencyMs: 200, endpoints: ['leaderboard'] });
      const started = performance.now();
      expect(await (await call(server, '/api/health')).text()).toBe('{"status":"ok"}');
      expect(performance.now() - started).toBeLessThan(150);
      expect(await (await call(server, '/api/leaderboard?type=balance')).text()).toBe('');
    });

    it('null means every endpoint, unknown paths included', async () => {
      server.faults.status = 500;
      expect((await call(server, '/api/unknown')).status).toBe(500);
      expect(lastStatus()).toBe(500);
    });
  });
});

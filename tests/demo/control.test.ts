// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORUM_ENGINES } from '../../demo/forum-pages';
import type { DemoServer, RequestLogEntry } from '../../demo/server';
import { call, control as controlCall, startTestServer } from './helpers';

let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const control = (path: string, method = 'GET', body?: unknown) => controlCall(server, path, method, body);

describe('request log', () => {
  it('records path, query, status, key presence and endpoint of API requests', async () => {
    await call(server, '/api/auction/search?item=diamond&sort=cheap&limit=5');
    await call(server, '/api/player/NobodyHere', { key: null });
    await call(server, '/api/health', { key: 'wrong' });
    await call(server, '/api/leaderboard?type=balance&type=kills');
    const log = server.log();
    expect(log.map(({ time, ...rest }) => rest)).toEqual<Omit<RequestLogEntry, 'time'>[]>([
      {
        method: 'GET',
        path: '/api/auction/search',
        query: { item: 'diamond', sort: 'cheap', limit: '5' },
        status: 200,
        hadKey: true,
        keyValid: true,
        endpoint: 'auction',
      },
      {
        method: 'GET',
        path: '/api/player/NobodyHere',
        query: {},
        status: 401,
        hadKey: false,
        keyValid: false,
        endpoint: 'player',
      },
      {
        method: 'GET',
        path: '/api/health',
        query: {},
        status: 401,
        hadKey: true,
        keyValid: false,
        endpoint: 'health',
      },
      {
        method: 'GET',
        path: '/api/leaderboard',
        query: { type: 'balance' },
        status: 200,
        hadKey: true,
        keyValid: true,
        endpoint: 'leaderboard',
      },
    ]);
    for (const entry of log) expect(entry.time).toBeGreaterThan(0);
  });

  it('classifies count and unknown paths and skips control, forum and preflight requests', async () => {
    await call(server, '/api/players/count');
    await call(server, '/api/whatever');
    await fetch(`${server.url}/forum/`);
    await control('log');
    await fetch(`${server.url}/api/health`, { method: 'OPTIONS' });
    expect(server.log().map((e) => [e.endpoint, e.status])).toEqual([
      ['count', 200],
      ['other', 404],
    ]);
  });

  it('clears', async () => {
    await call(server, '/api/health');
    server.clearLog();
    expect(server.log()).toEqual([]);
  });
});

describe('control HTTP API', () => {
  it('GET and DELETE /__demo/log', async () => {
    await call(server, '/api/health');
    const response = await control('log');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const entries = (await response.json()) as RequestLogEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ path: '/api/health', status: 200 });
    expect((await control('log', 'DELETE')).status).toBe(200);
    expect(await (await control('log')).json()).toEqual([]);
  });

  it('GET and PUT /__demo/faults merge the switches', async () => {
    const put = await control('faults', 'PUT', { status: 502, endpoints: ['health'] });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ status: 502, endpoints: ['health'], down: false });
    await control('faults', 'PUT', { rateLimited: { retryAfter: 'soon' } });
    expect(await (await control('faults')).json()).toMatchObject({
      status: 502,
      rateLimited: { retryAfter: 'soon' },
      endpoints: ['health'],
    });
    expect(server.faults.status).toBe(502);
    expect((await call(server, '/api/health')).status).toBe(502);
    expect((await call(server, '/api/players/count')).status).toBe(200);
  });

  it('PUT /__demo/faults refuses bad input with 400', async () => {
    for (const body of [
      'not json',
      { status: 'broken' },
      { latencyMs: -1 },
      { body: 'weird' },
      { endpoints: ['nowhere'] },
      { unknownSwitch: true },
      { rateLimited: { retryAfter: 30 } },
      [],
    ]) {
      const response = await control('faults', 'PUT', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect(server.faults.status).toBeNull();
  });

  it('PUT /__demo/online pins and releases the count', async () => {
    expect((await control('online', 'PUT', { online: 42 })).status).toBe(200);
    expect(await (await call(server, '/api/players/count')).json()).toEqual({ online: 42 });
    expect((await control('online', 'PUT', { online: null })).status).toBe(200);
    expect(
      ((await (await call(server, '/api/players/count')).json()) as { online: number }).online,
    ).toBeGreaterThan(900);
    expect((await control('online', 'PUT', { online: -3 })).status).toBe(400);
    expect((await control('online', 'PUT', {})).status).toBe(400);
  });

  it('POST /__demo/reset turns faults off, clears the log and makes the count live', async () => {
    server.faults.down = true;
    server.setOnlineCount(5);
    await call(server, '/api/health').catch(() => undefined);
    const response = await control('reset', 'POST');
    expect(response.status).toBe(200);
    expect(server.faults.down).toBe(false);
    expect(server.log()).toEqual([]);
    expect(((await (await call(server, '/api/players/count')).json()) as { online: number }).online).not.toBe(
      5,
    );
  });
});

describe('server lifecycle', () => {
  it('stop refuses connections, restart listens again on the same port', async () => {
    const own = await startTestServer();
    const port = own.port;
    expect(own.url).toBe(`http://127.0.0.1:${port}`);
    await own.stop();
    await expect(fetch(`${own.url}/api/health`)).rejects.toThrow();
    await own.restart();
    expect(own.port).toBe(port);
    expect((await call(own, '/api/health')).status).toBe(200);
    await own.close();
    await expect(fetch(`${own.url}/api/health`)).rejects.toThrow();
  });
});

describe('demo forum pages', () => {
  it('serves an index linking each engine', async () => {
    const response = await fetch(`${server.url}/forum/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const body = await response.text();
    for (const engine of FORUM_ENGINES) expect(body).toContain(`href="/forum/${engine}"`);
  });

  it.each(FORUM_ENGINES)('serves %s as HTML on 127.0.0.1 and localhost', async (engine) => {
    for (const base of [server.url, `http://localhost:${server.port}`]) {
      const response = await fetch(`${base}/forum/${engine}?count=5`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect((await response.text()).length).toBeGreaterThan(0);
    }
  });

  it('mentions the demo players, fixtures first', async () => {
    const body = await (await fetch(`${server.url}/forum/xenforo?count=3`)).text();
    expect(body).toContain('Steve');
  });

  it('answers 404 for an unknown engine', async () => {
    expect((await fetch(`${server.url}/forum/vbulletin`)).status).toBe(404);
  });
});

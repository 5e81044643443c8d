/**
 * startDemoServer(): the demo API on 127.0.0.1 for tests, the e2e fixture and `npm run demo`.
 * Everything time-dependent (listing visibility, time left, rate-limit windows, the online
 * count, log times) reads the injected `now()` at request time; listing epochs are relative to
 * `now()` at start.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createDemoApp } from './app';
import type { AuctionListingJson } from './auctions';
import type { DemoContext } from './context';
import { resetDemoState } from './control-routes';
import { Faults } from './faults';
import type { NewListing } from './new-listing';
import { OnlineCount } from './online-count';
import type { DemoPlayer } from './player-model';
import type { PlayerPatch } from './player-patch';
import { RateLimiter } from './rate-limit';
import { RequestLog, type RequestLogEntry } from './request-log';
import { createDemoData, type DemoData } from './world';
import {
  addListing,
  type CommandResult,
  expireListing,
  type MarketSeed,
  seedMarket,
  setPlayer,
} from './world-commands';

export type { AuctionListingJson, DemoAuction } from './auctions';
export {
  DEMO_FIXTURE_UUIDS,
  DEMO_FIXTURES,
  HOSTILE_LISTING_DISPLAY_NAME,
  HOSTILE_RANK_DISPLAY,
} from './data';
export type { BodyFault, Endpoint, FaultState } from './faults';
export { Faults } from './faults';
export type { NewListing } from './new-listing';
export type { DemoPlayer, DemoRank } from './player-model';
export type { PlayerPatch } from './player-patch';
export type { RequestLogEntry } from './request-log';
export type { DemoData } from './world';

export interface DemoServerOptions {
  /** 0 or absent = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'demo-key'. */
  apiKey?: string;
  /** Default 42. */
  seed?: number;
  /** Default 300 requests per 60 s per key. */
  rateLimit?: { max: number; windowSeconds: number };
  /** ms clock, default Date.now. */
  now?: () => number;
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:8787 (no trailing slash, no /api). */
  url: string;
  port: number;
  apiKey: string;
  /** Mutable fault switches; faults.reset(). */
  faults: Faults;
  log(): RequestLogEntry[];
  clearLog(): void;
  /** null = back to the live computed value. */
  setOnlineCount(n: number | null): void;
  /** The players and auctions as they are now (seeded, plus the changes below), so tests can pick known names. */
  data: DemoData;
  /**
   * Changes a player (= PUT /__demo/players/:nameOrUuid) and returns it as the API now answers it.
   * Throws on an unknown player or an invalid patch.
   */
  setPlayer(nameOrUuid: string, patch: PlayerPatch): DemoPlayer;
  /**
   * Adds a listing (= POST /__demo/auctions) and returns it as search shows it, with its new id.
   * Throws on invalid fields or an unknown seller.
   */
  addListing(listing: NewListing): AuctionListingJson;
  /** Seeds one item's market, a listing per price (= POST /__demo/market). Throws on invalid fields. */
  seedMarket(seed: MarketSeed): AuctionListingJson[];
  /** Expires a listing now (= DELETE /__demo/auctions/:id) and returns it. Throws on an unknown id. */
  expireListing(id: number): AuctionListingJson;
  /**
   * Faults off, log cleared, online count live, rate-limit windows cleared, seeded players and
   * listings back (= POST /__demo/reset).
   */
  reset(): void;
  /** Stop listening (server down; connections refused). */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'demo-key';
export const DEFAULT_SEED = 42;
export const DEFAULT_RATE_LIMIT = { max: 300, windowSeconds: 60 } as const;

/** The value of a successful change; an Error with the control API's message otherwise. */
function unwrap<T>(result: CommandResult<T>): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stopListening(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const ctx: DemoContext = {
    apiKey,
    now,
    data: createDemoData({ seed: options.seed ?? DEFAULT_SEED, startMs: now() }),
    faults: new Faults(),
    log: new RequestLog(),
    limiter: new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, now),
    online: new OnlineCount(now),
  };
  const app = createDemoApp(ctx);
  const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  const port = await listen(server, options.port ?? 0, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed = false;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    apiKey,
    faults: ctx.faults,
    log: () => ctx.log.entries(),
    clearLog: () => ctx.log.clear(),
    setOnlineCount: (n) => ctx.online.set(n),
    data: ctx.data,
    setPlayer: (nameOrUuid, patch) => unwrap(setPlayer(ctx.data, nameOrUuid, patch)),
    addListing: (listing) => unwrap(addListing(ctx.data, listing, now())),
    seedMarket: (seed) => unwrap(seedMarket(ctx.data, seed, now())),
    expireListing: (id) => unwrap(expireListing(ctx.data, id, now())),
    reset: () => resetDemoState(ctx),
    stop: () => stopListening(server),
    restart: async () => {
      if (closed) throw new Error('The demo server was closed');
      if (!server.listening) await listen(server, port, host);
    },
    close: async () => {
      closed = true;
      await stopListening(server);
    },
  };
}

import { type ApiClient, createApiClient } from '@/utils/api/client';
import type { ApiError, Result } from '@/utils/api/errors';
import { parseIdentifier } from '@/utils/api/identifiers';
import type {
  AuctionSearch,
  AuctionSort,
  Health,
  Leaderboard,
  LeaderboardType,
  Player,
  PlayersCount,
} from '@/utils/api/schemas';
import { AUCTION_LIFETIME_MS, LEADERBOARD_LIFETIME_MS, PLAYER_LIFETIME_MS } from '@/utils/limits';
import { MESSAGES, type Reply } from '@/utils/messages';
import { rememberPlayers as rememberRecentPlayers } from '@/utils/recent-players';
import { createReplyCache } from './cache';
import { type Connection, isConfigured, readConnection } from './connection';
import { createInFlight } from './in-flight';
import { createRateLimitPause } from './rate-limit-pause';
import { browserLocalStore, browserSessionStore, type SessionStore } from './session-store';

/**
 * The one door to the game API (docs/architecture.md, "The data path"). Every caller in the background goes
 * through here; nothing else builds an API client. Per request it:
 *   1. answers from the cache when an entry for that request is still fresh;
 *   2. joins an identical request already on its way (one fetch for all of them);
 *   3. refuses while the shared 429 pause runs (`rate-limited` with the seconds left);
 *   4. refuses without a request when no base URL or key is saved (`not-configured`);
 *   5. asks the API, starts the pause on a 429, caches what may be cached.
 */

export interface GatewayDeps {
  fetch?: typeof fetch;
  now?: () => number;
  store?: SessionStore;
  /** Where the 429 pause is kept: storage.local by default, so a browser restart keeps it too. */
  pauseStore?: SessionStore;
  getConnection?: () => Promise<Connection>;
  /** Names of players fetched successfully (the popup offers them as suggestions). */
  rememberPlayers?: (names: readonly string[]) => Promise<void>;
  /**
   * Told of every answer fetched from the API (not of cache hits, and once for a request
   * shared by several callers): the history records online counts from here.
   */
  onAnswer?: (answer: FreshAnswer) => void;
  /**
   * Every player answer, cached or fresh, whoever asked: the watchlist keeps its statuses from
   * the answers the user fetched anyway (entrypoints/background/watchlist/observer.ts).
   */
  observePlayer?: (player: Player, options: { at: number }) => Promise<unknown>;
}

/** An answer just fetched from the API, for onAnswer. */
export type FreshAnswer =
  | { endpoint: 'count'; data: PlayersCount; fetchedAt: number }
  | { endpoint: 'player'; data: Player; fetchedAt: number }
  | { endpoint: 'auctions'; data: AuctionSearch; fetchedAt: number };

export interface AuctionSearchRequest {
  item: string;
  sort: AuctionSort;
  limit: number;
  /** Skip the cache (the user pressed Check now): still joins a request in flight, still cached. */
  fresh?: boolean;
}

export interface Gateway {
  /** Resolves once the cache and the pause saved before a restart are back. */
  readonly ready: Promise<void>;
  /**
   * `fresh`: not from the cache (the user asked to check now); in-flight sharing and the pause
   * still apply. `observe: false`: the caller hands the answer to the watchlist's observer itself
   * (it needs the transition), so the observePlayer hook does not see it too.
   */
  player(identifier: string, options?: { fresh?: boolean; observe?: boolean }): Promise<Reply<Player>>;
  auctionSearch(request: AuctionSearchRequest): Promise<Reply<AuctionSearch>>;
  leaderboard(board: LeaderboardType, limit: number): Promise<Reply<Leaderboard>>;
  playersCount(): Promise<Reply<PlayersCount>>;
  health(): Promise<Reply<Health>>;
  /** Seconds left in the 429 pause; 0 when requests may go out. */
  rateLimitSecondsLeft(): number;
  /** Drop every cached answer (the connection changed: they came from another server or key). */
  clearCache(): Promise<void>;
  /** Drop the cache and the pause, and stop sharing requests started before: a fresh start. */
  reset(): Promise<void>;
}

/** Cache tags → the schema that checks an entry read back from storage.session. */
const CACHE_SCHEMAS = {
  player: MESSAGES.player.reply,
  auction: MESSAGES['auction-search'].reply,
  leaderboard: MESSAGES.leaderboard.reply,
} as const;
type CacheTag = keyof typeof CACHE_SCHEMAS;

interface Job<T> {
  /** Cache and in-flight key. */
  key: string;
  call: (client: ApiClient) => Promise<Result<T>>;
  /** Where a reply is cached and for how long; nothing for answers that are not cached. */
  cacheAs?: (reply: Reply<T>) => { tag: CacheTag; keys: string[]; lifetimeMs: number } | undefined;
  /** After a successful reply, cached or fresh, with when it was fetched. */
  onSuccess?: (data: T, fetchedAt: number) => void;
  /** After a successful reply fetched just now (once per request sent). */
  onFresh?: (data: T, fetchedAt: number) => void;
  /** Skip the cache (the answer is still cached for the next asker). */
  fresh?: boolean;
}

const notConfigured: ApiError = { kind: 'not-configured' };

function playerCacheKey(identifier: string): string {
  return `player:${identifier.toLowerCase()}`;
}

export function createGateway(deps: GatewayDeps = {}): Gateway {
  const now = deps.now ?? Date.now;
  const store = deps.store ?? browserSessionStore();
  const getConnection = deps.getConnection ?? readConnection;
  const remember = deps.rememberPlayers ?? rememberRecentPlayers;

  const cache = createReplyCache({ store, now, schemas: CACHE_SCHEMAS });
  const pause = createRateLimitPause({ store: deps.pauseStore ?? browserLocalStore(), now });
  const inFlight = createInFlight();
  const ready = Promise.all([cache.ready, pause.ready]).then(() => undefined);
  /** Bumped by reset(): answers to requests sent before it are neither cached nor allowed to pause. */
  let generation = 0;

  /** Recent names are written one after another so that concurrent hover cards do not lose any. */
  let remembering = Promise.resolve();
  function rememberName(name: string): void {
    remembering = remembering
      .then(() => remember([name]))
      .catch((error: unknown) => console.warn('Network Companion: could not remember a player name', error));
  }

  /** A listener's failure is its own: the caller still gets its answer. */
  function notify(call: () => void): void {
    try {
      call();
    } catch (error) {
      console.warn('Network Companion: an answer listener failed', error);
    }
  }

  async function send<T>(job: Job<T>): Promise<Reply<T>> {
    const left = pause.secondsLeft();
    if (left > 0) return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: left } };
    const connection = await getConnection();
    if (!isConfigured(connection)) return { ok: false, error: notConfigured };

    const sentIn = generation;
    const client = createApiClient({
      baseUrl: connection.baseUrl,
      apiKey: connection.apiKey,
      now,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    // Dated when sent: the server's answer is no older, and of two answers about one thing the
    // one asked later is the newer, whichever lands first.
    const sentAt = now();
    const result = await job.call(client);
    const reply: Reply<T> = result.ok ? { ok: true, data: result.data, fetchedAt: sentAt } : result;
    if (sentIn !== generation) return reply;

    if (!result.ok && result.error.kind === 'rate-limited') await pause.begin(result.error.retryAfterSeconds);
    if (reply.ok) notify(() => job.onFresh?.(reply.data, reply.fetchedAt));
    const caching = job.cacheAs?.(reply);
    if (caching) for (const key of caching.keys) cache.set(key, caching.tag, reply, caching.lifetimeMs);
    return reply;
  }

  async function run<T>(job: Job<T>): Promise<Reply<T>> {
    await ready;
    const cached = job.fresh ? undefined : (cache.get(job.key) as Reply<T> | undefined);
    const reply = cached ?? (await inFlight.run(job.key, () => send(job)));
    if (reply.ok) job.onSuccess?.(reply.data, reply.fetchedAt);
    return reply;
  }

  return {
    ready,

    async player(identifier, options = {}) {
      const parsed = parseIdentifier(identifier);
      if (!parsed.ok) return { ok: false, error: { kind: 'invalid-input', message: parsed.message } };
      const asked = playerCacheKey(parsed.value);
      return run<Player>({
        key: asked,
        ...(options.fresh ? { fresh: true } : {}),
        call: (client) => client.player(parsed.value),
        cacheAs: (reply) => {
          if (reply.ok) {
            const keys = [
              ...new Set([asked, playerCacheKey(reply.data.name), playerCacheKey(reply.data.uuid)]),
            ];
            return { tag: 'player', keys, lifetimeMs: PLAYER_LIFETIME_MS };
          }
          // A name nobody has used does not appear within seconds: no storm of 404s from hover cards.
          if (reply.error.kind === 'not-found')
            return { tag: 'player', keys: [asked], lifetimeMs: PLAYER_LIFETIME_MS };
          return undefined;
        },
        onSuccess: (player, fetchedAt) => {
          rememberName(player.name);
          if (options.observe === false) return;
          // A cached answer is as old as its fetch, not as its reuse (Check now reuses by that age).
          deps.observePlayer?.(player, { at: fetchedAt }).catch((error: unknown) => {
            console.warn('Network Companion: could not update the watchlist', error);
          });
        },
        onFresh: (data, fetchedAt) => deps.onAnswer?.({ endpoint: 'player', data, fetchedAt }),
      });
    },

    auctionSearch({ item, sort, limit, fresh }) {
      const text = item.trim();
      return run<AuctionSearch>({
        key: `auction:${sort}:${limit}:${text}`,
        ...(fresh ? { fresh: true } : {}),
        call: (client) => client.auctionSearch({ item: text, sort, limit }),
        cacheAs: (reply) =>
          reply.ok
            ? { tag: 'auction', keys: [`auction:${sort}:${limit}:${text}`], lifetimeMs: AUCTION_LIFETIME_MS }
            : undefined,
        // The Auctions tab's searches and the saved searches' checks alike: the deals' market.
        onFresh: (data, fetchedAt) => deps.onAnswer?.({ endpoint: 'auctions', data, fetchedAt }),
      });
    },

    leaderboard(board, limit) {
      const key = `leaderboard:${board}:${limit}`;
      return run<Leaderboard>({
        key,
        call: (client) => client.leaderboard({ type: board, limit }),
        cacheAs: (reply) =>
          reply.ok
            ? { tag: 'leaderboard', keys: [key], lifetimeMs: LEADERBOARD_LIFETIME_MS[board] }
            : undefined,
      });
    },

    playersCount() {
      return run<PlayersCount>({
        key: 'count',
        call: (client) => client.playersCount(),
        onFresh: (data, fetchedAt) => deps.onAnswer?.({ endpoint: 'count', data, fetchedAt }),
      });
    },

    health() {
      return run<Health>({ key: 'health', call: (client) => client.health() });
    },

    rateLimitSecondsLeft: () => pause.secondsLeft(),

    async clearCache() {
      generation += 1;
      inFlight.clear();
      await cache.clear();
    },

    async reset() {
      generation += 1;
      inFlight.clear();
      await Promise.all([cache.clear(), pause.end()]);
    },
  };
}

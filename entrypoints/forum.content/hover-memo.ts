import type { ApiError } from '../../utils/api/errors';
import { isGameName } from '../../utils/api/identifiers';
import { PLAYER_LIFETIME_MS } from '../../utils/limits';
import type { PlayerCardReply } from './hover-reply';

/**
 * The hover card's in-page memory of player-card replies, so that re-hovering a name during
 * the same page view shows its card at once and sends nothing. The background gateway has
 * its own cache (players and 404s for about 30 s); this one only saves the message round trip
 * and, for errors, keeps one page from asking again and again.
 *
 * How long a reply is reused:
 * - a player or a not-found: `ttlMs` (the gateway's player lifetime), then asked again;
 * - rate limited: until Retry-After has passed, and for every name (the limit is per key);
 * - invalid key / no key: `errorTtlMs`, for every name (asking for another name cannot help);
 * - anything else (offline, timeout, unavailable, bad answer): `errorTtlMs`, for that name.
 * Concurrent asks for one name share one request. At most `maxEntries` names are kept.
 */
export interface MemoEntry {
  readonly reply: PlayerCardReply;
  /** When this entry stops being used (ms epoch, the memo's clock). */
  readonly until: number;
}

export interface PlayerMemo {
  /** The fresh memorised reply for `name` (or a blocking error), without asking. */
  peek(name: string): MemoEntry | undefined;
  /** The memorised entry when fresh, else asks the background (one request per name at a time). */
  get(name: string): Promise<MemoEntry>;
  /** Forget everything (e.g. when the settings change). */
  clear(): void;
}

export interface PlayerMemoOptions {
  ask: (name: string) => Promise<PlayerCardReply>;
  now?: () => number;
  ttlMs?: number;
  errorTtlMs?: number;
  maxEntries?: number;
}

export const ERROR_MEMO_TTL_MS = 10_000;
export const MAX_MEMO_ENTRIES = 200;

/** Errors about the key or the rate limit: they hold for every name. */
const GLOBAL_ERRORS: ReadonlySet<ApiError['kind']> = new Set([
  'rate-limited',
  'unauthorized',
  'not-configured',
]);

export function createPlayerMemo(options: PlayerMemoOptions): PlayerMemo {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? PLAYER_LIFETIME_MS;
  const errorTtl = options.errorTtlMs ?? ERROR_MEMO_TTL_MS;
  const max = options.maxEntries ?? MAX_MEMO_ENTRIES;
  const entries = new Map<string, MemoEntry>();
  const inFlight = new Map<string, Promise<MemoEntry>>();
  /** An error that holds for every name, and until when. */
  let blocking: MemoEntry | undefined;

  const lifetime = (reply: PlayerCardReply): number => {
    if (reply.ok || reply.error.kind === 'not-found') return ttl;
    if (reply.error.kind === 'rate-limited') return Math.max(1, reply.error.retryAfterSeconds) * 1000;
    return errorTtl;
  };

  const peek = (name: string): MemoEntry | undefined => {
    const at = now();
    const entry = entries.get(name);
    if (entry !== undefined && entry.until > at) return entry;
    if (entry !== undefined) entries.delete(name);
    if (blocking !== undefined && blocking.until > at) return blocking;
    blocking = undefined;
    return undefined;
  };

  const remember = (name: string, reply: PlayerCardReply): MemoEntry => {
    const entry: MemoEntry = { reply, until: now() + lifetime(reply) };
    if (!reply.ok && GLOBAL_ERRORS.has(reply.error.kind)) {
      blocking = entry;
      return entry;
    }
    entries.delete(name);
    entries.set(name, entry);
    if (entries.size > max) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    return entry;
  };

  const get = (name: string): Promise<MemoEntry> => {
    const fresh = peek(name);
    if (fresh !== undefined) return Promise.resolve(fresh);
    const pending = inFlight.get(name);
    if (pending !== undefined) return pending;
    if (!isGameName(name)) {
      // Never reached through the hover card (names are checked when found), and never sent:
      // no player can have such a name, and the card says so in the UI language.
      const noSuchPlayer: PlayerCardReply = { ok: false, error: { kind: 'not-found', identifier: name } };
      return Promise.resolve({ reply: noSuchPlayer, until: now() });
    }
    const request = options
      .ask(name)
      .then((reply) => remember(name, reply))
      .finally(() => inFlight.delete(name));
    inFlight.set(name, request);
    return request;
  };

  return {
    peek,
    get,
    clear: () => {
      entries.clear();
      blocking = undefined;
    },
  };
}

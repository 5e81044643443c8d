import type { z } from 'zod/mini';
import { t } from '../i18n/translate';
import { AUCTION_LIMIT_MAX, LEADERBOARD_LIMIT_MAX } from '../limits';
import { apiKeyProblem } from './api-key';
import { API_KEY_HEADER } from './api-key-header';
import { endpointUrl, parseBaseUrl } from './base-url';
import { fail, ok, type Result } from './errors';
import { mapHttpError } from './http-errors';
import { parseIdentifier } from './identifiers';
import { describeSchemaFailure } from './schema-issue';
import {
  AUCTION_SORTS,
  type AuctionSearch,
  AuctionSearchSchema,
  type AuctionSort,
  type Health,
  HealthSchema,
  LEADERBOARD_TYPES,
  type Leaderboard,
  LeaderboardSchema,
  type LeaderboardType,
  type Player,
  PlayerSchema,
  type PlayersCount,
  PlayersCountSchema,
} from './schemas';
import { type RequestOptions, sendRequest } from './send-request';
import { shortText } from './short-text';

/**
 * The typed client for the game API (docs/api-spec.md §4 and §7). Every method resolves to a
 * Result and never rejects, except when the caller aborts through its own signal: then the
 * promise rejects with the abort reason (a caller that aborts does not read the answer).
 * Nothing here touches `browser.*` or storage: the background gateway owns those.
 */

export type { RequestOptions } from './send-request';

export const DEFAULT_TIMEOUT_MS = 10_000;

export type ApiClientConfig = {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Deadline for one request, body included. Default 10 s. */
  timeoutMs?: number;
  /** Clock for Retry-After dates. Default Date.now. */
  now?: () => number;
};

export type AuctionSearchParams = { item?: string; sort?: AuctionSort; limit?: number };
export type LeaderboardParams = { type: LeaderboardType; limit?: number };

export interface ApiClient {
  health(opts?: RequestOptions): Promise<Result<Health>>;
  player(identifier: string, opts?: RequestOptions): Promise<Result<Player>>;
  auctionSearch(params: AuctionSearchParams, opts?: RequestOptions): Promise<Result<AuctionSearch>>;
  leaderboard(params: LeaderboardParams, opts?: RequestOptions): Promise<Result<Leaderboard>>;
  playersCount(opts?: RequestOptions): Promise<Result<PlayersCount>>;
}

// i18n-ignore: a bad-response detail for logs and tests; describeError never shows it
const NOT_JSON_DETAIL = 'The server did not answer with JSON';

/** A whole number within min..max; NaN (or no limit) → undefined, so the server default applies. */
function clampLimit(limit: number | undefined, max: number): number | undefined {
  if (limit === undefined || Number.isNaN(limit)) return undefined;
  return Math.min(Math.max(Math.trunc(limit), 1), max);
}

/** `[['item', 'diamond sword'], ['limit', 5]]` → `?item=diamond%20sword&limit=5`; undefined skipped. */
function queryString(params: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  const parts = params
    .filter((entry): entry is readonly [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

const invalid = <T>(message: string): Result<T> => fail({ kind: 'invalid-input', message });
const badResponse = <T>(detail: string): Result<T> =>
  fail({ kind: 'bad-response', detail: shortText(detail) });

type Endpoint<T> = {
  path: string;
  schema: z.ZodMiniType<T>;
  /** The player asked for: lets a 404 become not-found. */
  identifier?: string;
  /** A check beyond the schema; returns the bad-response detail when the data is wrong. */
  check?: (data: T) => string | undefined;
};

export function createApiClient(config: ApiClientConfig): ApiClient {
  const base = parseBaseUrl(config.baseUrl);
  const apiKey = config.apiKey.trim();
  const now = config.now ?? Date.now;
  const timeoutMs =
    config.timeoutMs !== undefined && Number.isFinite(config.timeoutMs) && config.timeoutMs > 0
      ? config.timeoutMs
      : DEFAULT_TIMEOUT_MS;
  // Looked up at call time, and called unbound from its owner, so a replaced global is seen.
  const fetchImpl: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const keyProblem = apiKeyProblem(apiKey);

  async function get<T>(endpoint: Endpoint<T>, opts: RequestOptions | undefined): Promise<Result<T>> {
    if (!base.ok) return invalid(base.message);
    if (keyProblem !== undefined) return invalid(keyProblem);

    const sent = await sendRequest(
      endpointUrl(base.root, endpoint.path),
      { fetch: fetchImpl, headers: { [API_KEY_HEADER]: apiKey, Accept: 'application/json' }, timeoutMs },
      opts,
    );
    switch (sent.kind) {
      case 'timeout':
      case 'offline':
        return fail({ kind: sent.kind });
      case 'redirected':
        return badResponse('redirected');
    }
    const { response, text } = sent;
    if (!response.ok) {
      const context = { nowMs: now(), identifier: endpoint.identifier };
      return fail(mapHttpError(response.status, response.headers, text, context));
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return badResponse(NOT_JSON_DETAIL);
    }
    const parsed = endpoint.schema.safeParse(json);
    if (!parsed.success) return badResponse(describeSchemaFailure(parsed.error, json));
    const wrong = endpoint.check?.(parsed.data);
    return wrong === undefined ? ok(parsed.data) : badResponse(wrong);
  }

  return {
    health: (opts) =>
      get(
        {
          path: '/health',
          schema: HealthSchema,
          check: (data) => (data.status === 'ok' ? undefined : `status: expected "ok", got "${data.status}"`),
        },
        opts,
      ),

    player: async (identifier, opts) => {
      const parsed = parseIdentifier(identifier);
      if (!parsed.ok) return invalid(parsed.message);
      const path = `/player/${encodeURIComponent(parsed.value)}`;
      return get({ path, schema: PlayerSchema, identifier: parsed.value }, opts);
    },

    auctionSearch: async (params, opts) => {
      if (params.sort !== undefined && !AUCTION_SORTS.includes(params.sort)) {
        return invalid(t('errors.sortChoices', { choices: AUCTION_SORTS.join(', ') }));
      }
      const item = params.item?.trim() || undefined;
      const limit = clampLimit(params.limit, AUCTION_LIMIT_MAX);
      const query = queryString([
        ['item', item],
        ['sort', params.sort],
        ['limit', limit],
      ]);
      return get({ path: `/auction/search${query}`, schema: AuctionSearchSchema }, opts);
    },

    leaderboard: async (params, opts) => {
      if (!LEADERBOARD_TYPES.includes(params.type)) {
        return invalid(t('errors.leaderboardChoices', { choices: LEADERBOARD_TYPES.join(', ') }));
      }
      const query = queryString([
        ['type', params.type],
        ['limit', clampLimit(params.limit, LEADERBOARD_LIMIT_MAX)],
      ]);
      return get({ path: `/leaderboard${query}`, schema: LeaderboardSchema }, opts);
    },

    playersCount: (opts) => get({ path: '/players/count', schema: PlayersCountSchema }, opts),
  };
}

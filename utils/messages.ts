import { browser } from 'wxt/browser';
import { z } from 'zod';
import type { ApiError } from './api/errors';
import { GAME_NAME_PATTERN } from './api/identifiers';
import {
  AuctionSearchSchema,
  AuctionSortSchema,
  HealthSchema,
  LeaderboardSchema,
  LeaderboardTypeSchema,
  PlayerSchema,
  PlayersCountSchema,
} from './api/schemas';
import { BACKGROUND_DETAIL_PREFIX } from './error-text';

/**
 * The typed message protocol between the views (popup, options, hover card) and the
 * background gateway. Requests are validated with zod when they arrive in the background;
 * replies are validated when they arrive in a view. Views never see URLs or the API key.
 */

export const RequestSchema = z.discriminatedUnion('type', [
  /** A player by name or UUID (extension pages). */
  z.strictObject({ type: z.literal('player'), identifier: z.string().min(1).max(64) }),
  /** A player card by game name (a content script may ask this and the next two only). */
  z.strictObject({ type: z.literal('player-card'), name: z.string().regex(GAME_NAME_PATTERN) }),
  /** Open the full player view in a new tab: content scripts cannot open extension pages. */
  z.strictObject({ type: z.literal('open-player-view'), name: z.string().regex(GAME_NAME_PATTERN) }),
  /** Inject the hover card's UI script into the asking frame (loaded on the first hover). */
  z.strictObject({ type: z.literal('hover-card-ui') }),
  z.strictObject({
    type: z.literal('auction-search'),
    item: z.string().max(100),
    sort: AuctionSortSchema,
    limit: z.number().int().min(1).max(200),
  }),
  z.strictObject({
    type: z.literal('leaderboard'),
    board: LeaderboardTypeSchema,
    limit: z.number().int().min(1).max(100),
  }),
  /** The online count; also re-polls the badge (the popup sends it when it opens). */
  z.strictObject({ type: z.literal('players-count') }),
  /** What the options page may know about the connection: never the key itself. */
  z.strictObject({ type: z.literal('connection-status') }),
  /** Store the base URL (and the key when given: absent keeps the saved one), then check them. */
  z.strictObject({
    type: z.literal('save-connection'),
    baseUrl: z.string().max(2000),
    apiKey: z.string().max(1000).optional(),
  }),
  /** Check the saved base URL and key against /api/health. */
  z.strictObject({ type: z.literal('check-connection') }),
]);
export type Request = z.infer<typeof RequestSchema>;
export type RequestType = Request['type'];

export const ApiErrorSchema: z.ZodType<ApiError> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unauthorized') }),
  z.object({ kind: z.literal('not-found'), identifier: z.string() }),
  z.object({ kind: z.literal('bad-request'), message: z.string() }),
  z.object({ kind: z.literal('rate-limited'), retryAfterSeconds: z.number() }),
  z.object({ kind: z.literal('unavailable') }),
  z.object({ kind: z.literal('offline') }),
  z.object({ kind: z.literal('timeout') }),
  z.object({ kind: z.literal('bad-response'), detail: z.string() }),
  z.object({ kind: z.literal('not-configured') }),
  z.object({ kind: z.literal('invalid-input'), message: z.string() }),
]);

/** A data reply: the parsed answer and when it was fetched from the API (ms epoch). */
export type Reply<T> = { ok: true; data: T; fetchedAt: number } | { ok: false; error: ApiError };

function replySchema<T>(data: z.ZodType<T>): z.ZodType<Reply<T>> {
  return z.union([
    z.object({ ok: z.literal(true), data, fetchedAt: z.number() }),
    z.object({ ok: z.literal(false), error: ApiErrorSchema }),
  ]);
}

export const ConnectionStatusSchema = z.object({
  /** The saved base URL, '' when none. */
  baseUrl: z.string(),
  hasKey: z.boolean(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const ReplySchemas = {
  player: replySchema(PlayerSchema),
  'player-card': replySchema(PlayerSchema),
  'open-player-view': z.object({ ok: z.boolean() }),
  'hover-card-ui': z.object({ ok: z.boolean() }),
  'auction-search': replySchema(AuctionSearchSchema),
  leaderboard: replySchema(LeaderboardSchema),
  'players-count': replySchema(PlayersCountSchema),
  'connection-status': ConnectionStatusSchema,
  'save-connection': replySchema(HealthSchema),
  'check-connection': replySchema(HealthSchema),
} satisfies Record<RequestType, z.ZodType>;

export type ReplyFor<T extends RequestType> = z.infer<(typeof ReplySchemas)[T]>;

/**
 * Send a request to the background and validate its reply. A reply that fails validation
 * (or a background that cannot be reached) becomes a `bad-response` / `offline` error for
 * data requests, so views have exactly one shape to handle.
 */
export async function askBackground<T extends RequestType>(
  request: Extract<Request, { type: T }>,
): Promise<ReplyFor<T>> {
  const schema = ReplySchemas[request.type] as z.ZodType<ReplyFor<T>>;
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage(request);
  } catch (error) {
    raw = {
      ok: false,
      error: {
        kind: 'bad-response',
        detail: `${BACKGROUND_DETAIL_PREFIX} did not answer (${String(error)})`,
      },
    };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fallback = schema.safeParse({
    ok: false,
    error: { kind: 'bad-response', detail: `${BACKGROUND_DETAIL_PREFIX} gave an answer it should not have` },
  });
  if (fallback.success) return fallback.data;
  throw new Error(`Unexpected reply to ${request.type}`);
}

import type { Browser } from 'wxt/browser';
import { z } from 'zod/mini';
import type { ApiError } from './api/errors';
import {
  AuctionSearchSchema,
  AuctionSortSchema,
  HealthSchema,
  LeaderboardSchema,
  LeaderboardTypeSchema,
  PlayerSchema,
  PlayersCountSchema,
} from './api/schemas';
import {
  API_KEY_MAX_LENGTH,
  AUCTION_LIMIT_MAX,
  AUCTION_QUERY_MAX_LENGTH,
  BASE_URL_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  LEADERBOARD_LIMIT_MAX,
  NOTE_MAX_LENGTH,
  TAG_LABEL_MAX_LENGTH,
} from './limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from './patterns';
import { TAG_COLOURS } from './player-notes/player-note';
import { HOVER_PROGRESS_MESSAGES } from './progress/hover-progress-messages';
import { REMINDER_MESSAGES } from './reminders/reminder-messages';
import { AlertPriceSchema, SavedSearchIdSchema, SavedSearchViewSchema } from './saved-searches/saved-search';
import { EntryFailureSchema } from './scheduler/entry-failures';

/**
 * The message protocol between the views (popup, options, hover card) and the background, as
 * one table: each message type is declared once, with its request schema, its reply schema and
 * whether a content script may send it. The background answers with one handler per type
 * (`MessageHandlers`, see entrypoints/background/message-handlers.ts); views never see URLs or
 * the API key. Adding a message = one entry here + one handler there. docs/architecture.md
 * explains the data path. Views send with `askBackground` (utils/ask-background.ts), which
 * loads this table only when a reply arrives, so zod is not in any view's first paint.
 */

const ApiErrorSchema: z.ZodMiniType<ApiError> = z.discriminatedUnion('kind', [
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
  z.object({ kind: z.literal('no-background') }),
]);

/** A data reply: the parsed answer and when it was fetched from the API (ms epoch). */
export type Reply<T> = { ok: true; data: T; fetchedAt: number } | { ok: false; error: ApiError };

function replySchema<T>(data: z.ZodMiniType<T>): z.ZodMiniType<Reply<T>> {
  return z.union([
    z.object({ ok: z.literal(true), data, fetchedAt: z.number() }),
    z.object({ ok: z.literal(false), error: ApiErrorSchema }),
  ]);
}

const ConnectionStatusSchema = z.object({
  /** The saved base URL, '' when none. */
  baseUrl: z.string(),
  hasKey: z.boolean(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

/** A reply that only says whether it worked. */
const OkReplySchema = z.object({ ok: z.boolean() });
/** A saved search removed, or why not in words. */
const RemovedReply = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
/** A saved search changed (save, alert): the search as the popup lists it, or why not in words. */
const SavedSearchChange = z.union([
  /** `added: false`: it was saved already (save-search). */
  z.object({ ok: z.literal(true), search: SavedSearchViewSchema, added: z.optional(z.boolean()) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/**
 * Whether the player is watched after the request; `full` when watching was refused for the
 * maximum; `message` when storage.sync refused the change (its quota), in words.
 */
const WatchStateSchema = z.object({
  watched: z.boolean(),
  full: z.boolean(),
  message: z.optional(z.string()),
});
export type WatchState = z.infer<typeof WatchStateSchema>;
const UuidSchema = z.string().check(z.regex(DASHED_UUID_PATTERN));

const WatchlistEntrySchema = z.object({
  uuid: z.string(),
  /** The latest name seen. */
  name: z.string(),
  /** What this browser saw at the last check; absent before the first. */
  status: z.optional(
    z.object({
      online: z.boolean(),
      rankDisplay: z.string(),
      checkedAt: z.number(),
      seenOnlineAt: z.optional(z.number()),
    }),
  ),
  /** While the background's checks of this player keep failing (utils/scheduler/entry-failures.ts). */
  failing: z.optional(EntryFailureSchema),
});
export type WatchlistEntry = z.infer<typeof WatchlistEntrySchema>;
const WatchlistSchema = z.object({ players: z.array(WatchlistEntrySchema), max: z.number() });
export type Watchlist = z.infer<typeof WatchlistSchema>;
/** A player's tag and note as views show them (utils/player-notes/). */
const PlayerNoteSchema = z.object({
  tag: z.optional(
    z.object({ label: z.string().check(z.maxLength(TAG_LABEL_MAX_LENGTH)), colour: z.enum(TAG_COLOURS) }),
  ),
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  updatedAt: z.number(),
  name: z.optional(z.string()),
  /** Kept in this browser only: sync had no room for it. */
  localOnly: z.optional(z.literal(true)),
});
/** A tag or note saved (`sync`, `local`: this browser only, `removed`), or why not in words. */
const NoteSavedSchema = z.union([
  z.object({ ok: z.literal(true), saved: z.enum(['sync', 'local', 'removed']) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type NoteSavedReply = z.infer<typeof NoteSavedSchema>;
/** A request that carries nothing but its type. */
const NO_REQUEST_FIELDS = z.strictObject({});

interface MessageSpec {
  /** The request's fields besides `type`; strict, so an extra field is refused. */
  request: z.ZodMiniObject;
  reply: z.ZodMiniType;
  /** Content scripts run beside pages we do not control: only these types are theirs to send. */
  contentScripts?: true;
}

export const MESSAGES = {
  /** A player by name or UUID. */
  player: {
    request: z.strictObject({
      identifier: z.string().check(z.minLength(1), z.maxLength(IDENTIFIER_MAX_LENGTH)),
    }),
    reply: replySchema(PlayerSchema),
  },
  /** A player card by game name, for a hover card. */
  'player-card': {
    request: z.strictObject({ name: z.string().check(z.regex(GAME_NAME_PATTERN)) }),
    reply: replySchema(PlayerSchema),
    contentScripts: true,
  },
  /** Open the full player view in a new tab: content scripts cannot open extension pages. */
  'open-player-view': {
    request: z.strictObject({ name: z.string().check(z.regex(GAME_NAME_PATTERN)) }),
    reply: OkReplySchema,
    contentScripts: true,
  },
  /** Inject the hover card's UI script into the asking frame (loaded on the first hover). */
  'hover-card-ui': { request: NO_REQUEST_FIELDS, reply: OkReplySchema, contentScripts: true },
  'auction-search': {
    request: z.strictObject({
      item: z.string().check(z.maxLength(AUCTION_QUERY_MAX_LENGTH)),
      sort: AuctionSortSchema,
      limit: z.int().check(z.gte(1), z.lte(AUCTION_LIMIT_MAX)),
      /** Not from the cache: a saved search run from its list is checked at the same moment. */
      fresh: z.optional(z.boolean()),
    }),
    reply: replySchema(AuctionSearchSchema),
  },
  leaderboard: {
    request: z.strictObject({
      board: LeaderboardTypeSchema,
      limit: z.int().check(z.gte(1), z.lte(LEADERBOARD_LIMIT_MAX)),
    }),
    reply: replySchema(LeaderboardSchema),
  },
  /** The online count; also re-polls the badge (the popup sends it when it opens). */
  'players-count': { request: NO_REQUEST_FIELDS, reply: replySchema(PlayersCountSchema) },
  /** What the options page may know about the connection: never the key itself. */
  'connection-status': { request: NO_REQUEST_FIELDS, reply: ConnectionStatusSchema },
  /** Store the base URL (and the key when given: absent keeps the saved one), then check them. */
  'save-connection': {
    request: z.strictObject({
      baseUrl: z.string().check(z.maxLength(BASE_URL_MAX_LENGTH)),
      apiKey: z.optional(z.string().check(z.maxLength(API_KEY_MAX_LENGTH))),
    }),
    reply: replySchema(HealthSchema),
  },
  /** Watch a player (the card's Watch button, in the popup and in hover cards). */
  watch: {
    request: z.strictObject({ uuid: UuidSchema, name: z.string().check(z.regex(GAME_NAME_PATTERN)) }),
    reply: WatchStateSchema,
    contentScripts: true,
  },
  unwatch: { request: z.strictObject({ uuid: UuidSchema }), reply: WatchStateSchema, contentScripts: true },
  /** Whether a player is watched (the hover card's Watch button). */
  'watch-state': {
    request: z.strictObject({ uuid: UuidSchema }),
    reply: WatchStateSchema,
    contentScripts: true,
  },
  /** The watched players with what this browser last saw of them (the Watchlist tab). */
  watchlist: { request: NO_REQUEST_FIELDS, reply: WatchlistSchema },
  /** Check every watched player now (a user action: outside the background budget). */
  'check-watchlist-now': {
    request: NO_REQUEST_FIELDS,
    reply: replySchema(z.object({ checked: z.number() })),
  },
  /** Every player's tag and note, by UUID (the Watchlist, the leaderboard, the auctions). */
  'player-notes': { request: NO_REQUEST_FIELDS, reply: z.record(z.string(), PlayerNoteSchema) },
  /** One player's tag and note (the card; the hover card's chip, which checks the reply by hand). */
  'player-note': {
    request: z.strictObject({ uuid: UuidSchema }),
    reply: z.object({ note: z.optional(PlayerNoteSchema) }),
    contentScripts: true,
  },
  /** Set a player's tag and note (both empty: forget them); only from extension pages. */
  'set-player-note': {
    request: z.strictObject({
      uuid: UuidSchema,
      name: z.string().check(z.regex(GAME_NAME_PATTERN)),
      tag: z.nullable(
        z.strictObject({
          label: z.string().check(z.maxLength(TAG_LABEL_MAX_LENGTH)),
          colour: z.enum(TAG_COLOURS),
        }),
      ),
      note: z.string().check(z.maxLength(NOTE_MAX_LENGTH)),
    }),
    reply: NoteSavedSchema,
  },
  /** Check the saved base URL and key against /api/health. */
  'check-connection': { request: NO_REQUEST_FIELDS, reply: replySchema(HealthSchema) },
  /** The saved auction searches with their last check (utils/saved-searches/). */
  'saved-searches': { request: NO_REQUEST_FIELDS, reply: z.array(SavedSearchViewSchema) },
  /** Save an auction search (the same one twice is kept once; at most MAX_SAVED_SEARCHES). */
  'save-search': {
    request: z.strictObject({
      text: z.string().check(z.maxLength(AUCTION_QUERY_MAX_LENGTH)),
      sort: AuctionSortSchema,
      /** Watch this seller's auctions (utils/seller-watch/): text is their name. */
      seller: z.optional(z.string().check(z.maxLength(AUCTION_QUERY_MAX_LENGTH))),
    }),
    reply: SavedSearchChange,
  },
  /** Forget a saved search, its alert state and its price history. */
  /** Remove a saved search: done, or why not in words (sync refused it, or it was gone already). */
  'remove-saved-search': { request: z.strictObject({ id: SavedSearchIdSchema }), reply: RemovedReply },
  /** Set (a price per item) or clear (null) a saved search's alert; a new alert takes its baseline. */
  'set-saved-search-alert': {
    request: z.strictObject({ id: SavedSearchIdSchema, alertBelow: z.nullable(AlertPriceSchema) }),
    reply: SavedSearchChange,
  },
  /** Check a saved search now (the user asked: not under the background budget, fresh, but paused by a 429). */
  'check-saved-search': {
    request: z.strictObject({ id: SavedSearchIdSchema }),
    reply: replySchema(SavedSearchViewSchema),
  },
  ...REMINDER_MESSAGES,
  ...HOVER_PROGRESS_MESSAGES,
} as const satisfies Record<string, MessageSpec>;

type Table = typeof MESSAGES;
export type MessageType = keyof Table;
/** A request's own fields; `z.strictObject({})` infers an index signature, which means none here. */
type Fields<T extends MessageType> = string extends keyof z.infer<Table[T]['request']>
  ? Record<never, never>
  : z.infer<Table[T]['request']>;
export type RequestFor<T extends MessageType> = { type: T } & Fields<T>;
export type Request = { [T in MessageType]: RequestFor<T> }[MessageType];
export type ReplyFor<T extends MessageType> = z.infer<Table[T]['reply']>;

/** The background's answer to each message type: a missing or extra handler is a type error. */
export type MessageHandlers = {
  [T in MessageType]: (request: RequestFor<T>, sender: Browser.runtime.MessageSender) => Promise<ReplyFor<T>>;
};

/** Who sent a message, as far as the background is concerned (entrypoints/background/sender.ts). */
export type SenderRole = 'extension-page' | 'content-script';

const isMessageType = (type: unknown): type is MessageType =>
  typeof type === 'string' && Object.hasOwn(MESSAGES, type);

/** A message as it arrives: its type, then that type's own schema; undefined when either fails. */
export function parseRequest(raw: unknown): Request | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { type, ...fields } = raw as Record<string, unknown>;
  if (!isMessageType(type)) return undefined;
  const parsed = MESSAGES[type].request.safeParse(fields);
  return parsed.success ? ({ type, ...parsed.data } as Request) : undefined;
}

/** Extension pages may send every type; content scripts only those marked in the table. */
export function mayAsk(role: SenderRole, type: MessageType): boolean {
  return role === 'extension-page' || 'contentScripts' in MESSAGES[type];
}

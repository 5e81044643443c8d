import type { ApiError } from '../../utils/api/errors';
import type { Player } from '../../utils/api/schemas';
import type { Reply, RequestFor } from '../../utils/messages';
import { DASHED_UUID_PATTERN } from '../../utils/patterns';
import { sendRequest } from '../../utils/send-request';

/**
 * The hover card's one request to the background, `{ type: 'player-card', name }`, and a check of
 * its reply by hand, equal to `MESSAGES['player-card'].reply` (no zod here: docs/architecture.md).
 */
export type PlayerCardReply = Reply<Player>;

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** zod's `z.number()`: finite numbers only. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** zod's `z.number().int()`: safe integers. */
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

function isPlayer(value: unknown): value is Player {
  if (!isObject(value)) return false;
  const { rank, stats } = value;
  return (
    isString(value.uuid) &&
    DASHED_UUID_PATTERN.test(value.uuid) &&
    isString(value.name) &&
    isBoolean(value.online) &&
    isObject(rank) &&
    isString(rank.id) &&
    isString(rank.display) &&
    isNumber(rank.weight) &&
    isNumber(value.balance) &&
    isNumber(value.shards) &&
    isObject(stats) &&
    isInt(stats.kills) &&
    isInt(stats.deaths) &&
    isInt(stats.playtime_ticks) &&
    isNumber(stats.playtime_hours) &&
    isBoolean(value.stats_may_lag)
  );
}

/** The extra string field each error kind carries (see ApiError), or null for none. */
const ERROR_FIELDS: Readonly<Record<ApiError['kind'], string | null>> = {
  unauthorized: null,
  'not-found': 'identifier',
  'bad-request': 'message',
  'rate-limited': 'retryAfterSeconds',
  unavailable: null,
  offline: null,
  timeout: null,
  'bad-response': 'detail',
  'not-configured': null,
  'invalid-input': 'message',
  'no-background': null,
};

function parseError(value: unknown): ApiError | null {
  if (!isObject(value) || !isString(value.kind) || !Object.hasOwn(ERROR_FIELDS, value.kind)) return null;
  const kind = value.kind as ApiError['kind'];
  const field = ERROR_FIELDS[kind];
  if (field === null) return { kind } as ApiError;
  const fieldValue = value[field];
  const valid = kind === 'rate-limited' ? isNumber(fieldValue) : isString(fieldValue);
  return valid ? ({ kind, [field]: fieldValue } as ApiError) : null;
}

/**
 * `raw` as a player-card reply, or null when it is not one. Like the zod schema: the player
 * object keeps unknown fields (loose), the reply and the error keep only theirs (stripped).
 */
export function parsePlayerCardReply(raw: unknown): PlayerCardReply | null {
  if (!isObject(raw)) return null;
  if (raw.ok === true) {
    return isPlayer(raw.data) && isNumber(raw.fetchedAt)
      ? { ok: true, data: raw.data, fetchedAt: raw.fetchedAt }
      : null;
  }
  if (raw.ok === false) {
    const error = parseError(raw.error);
    return error === null ? null : { ok: false, error };
  }
  return null;
}

export type SendMessage = (request: RequestFor<'player-card'>) => Promise<unknown>;

/** As askBackground answers (utils/ask-background.ts), without importing it: that would bring zod along. */
const NO_BACKGROUND: PlayerCardReply = { ok: false, error: { kind: 'no-background' } };

/**
 * Asks the background gateway for a player card. Never throws: an unreachable background or
 * a reply of the wrong shape becomes a `no-background` error, as with `askBackground`.
 */
export async function askPlayerCard(name: string, send: SendMessage = sendRequest): Promise<PlayerCardReply> {
  let raw: unknown;
  try {
    raw = await send({ type: 'player-card', name });
  } catch {
    return NO_BACKGROUND;
  }
  return parsePlayerCardReply(raw) ?? NO_BACKGROUND;
}

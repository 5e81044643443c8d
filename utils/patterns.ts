/**
 * Every pattern text is checked against, once. No imports and no zod, so the content script,
 * the views, the background and the demo server can all use it without growing their bundles.
 */

/** A game name: 3 to 16 letters, digits or underscores. The only text that may lead to a look-up. */
export const GAME_NAME_PATTERN = /^[A-Za-z0-9_]{3,16}$/;

/** A UUID in the dashed 8-4-4-4-12 form, any case (docs/api-spec.md §2.1). */
export const DASHED_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID written as 32 hex digits without dashes, any case. */
export const UNDASHED_UUID_PATTERN = /^[0-9a-f]{32}$/i;

/** An API key a request header can carry: visible ASCII, spaces only inside (else fetch throws). */
export const SENDABLE_KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Every colour and format code of docs/api-spec.md §2.4: `&` and one of `0-9a-fk-or`, any case.
 * Not global, so no `lastIndex` is shared between callers.
 */
export const COLOUR_CODE_PATTERN = /&[0-9a-fk-or]/i;

/** An auction query that "parses as a number" and so matches prices (docs/api-spec.md §4.3). */
export const NUMERIC_QUERY_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

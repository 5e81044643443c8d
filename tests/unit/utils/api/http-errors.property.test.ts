// Property tests for utils/api/http-errors.ts (and the short-text and retry-after helpers it uses).
// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PLAYER_UUID } from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import { genericBadRequestMessage, mapHttpError } from '@/utils/api/http-errors';
import { MAX_RETRY_AFTER_SECONDS, parseRetryAfter } from '@/utils/api/retry-after';
import { MAX_MESSAGE_LENGTH } from '@/utils/api/short-text';

// biome-ignore lint/suspicious/noControlCharactersInRegex: a shown message must hold none.
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the runs shortText turns into one space.
const SHORT_TEXT_BREAK = /[\s\u0000-\u001f\u007f]+/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const shownText = z
  .string()
  .min(1)
  .max(MAX_MESSAGE_LENGTH)
  .refine((text) => !CONTROL.test(text) && text.trim() === text, 'cleaned');

/** The ApiError kinds an HTTP answer may map to (never offline, timeout, not-configured, invalid-input). */
const HttpApiErrorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('unauthorized') }),
  z.strictObject({ kind: z.literal('not-found'), identifier: z.string() }),
  z.strictObject({ kind: z.literal('bad-request'), message: shownText }),
  z.strictObject({
    kind: z.literal('rate-limited'),
    retryAfterSeconds: z.number().int().min(1).max(MAX_RETRY_AFTER_SECONDS),
  }),
  z.strictObject({ kind: z.literal('unavailable') }),
  z.strictObject({ kind: z.literal('bad-response'), detail: shownText }),
]);

const TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".split('');
/** Header values the Fetch spec allows: no NUL, CR or LF; any other byte. */
const headerValueChar = fc
  .integer({ min: 0, max: 0xff })
  .filter((c) => c !== 0 && c !== 0x0a && c !== 0x0d)
  .map((c) => String.fromCharCode(c));
const headerName = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    'Retry-After',
    'retry-after',
    'RETRY-AFTER',
    'Content-Type',
    'Location',
    'WWW-Authenticate',
  ),
);
const headerValue = fc.oneof(
  fc.string({ unit: headerValueChar, maxLength: 40 }),
  fc.nat().map(String),
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1.5',
    'Sun, 06 Nov 2094 08:49:37 GMT',
    'Sun, 06 Nov 1994 08:49:37 GMT',
    'text/html',
  ),
);
const headerPairs = fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 });

const body = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.json(),
  fc.string({ unit: 'binary' }).map((error) => JSON.stringify({ error })),
  fc.jsonValue().map((error) => JSON.stringify({ error, extra: 1 })),
  fc.constantFrom(
    '',
    '<html><body>Bad Gateway</body></html>',
    '{"error":""}',
    '{"error":"   \\u0000\\n"}',
    'null',
  ),
);

/** One fixed 5 MB body per shape (generating such strings would only slow the suite). */
const FIVE_MB = 5 * 1024 * 1024;
const BIG_BODIES = [
  `{"error":"${'x'.repeat(FIVE_MB)}"}`,
  `<html>${'\u202E<b>'.repeat(FIVE_MB / 4)}</html>`,
  `{"error":"${'\\u0000'.repeat(FIVE_MB / 6)}"}`,
];

const context = fc.record(
  {
    identifier: fc.oneof(fc.string(), fc.constantFrom('Steve', PLAYER_UUID)),
    nowMs: fc.oneof(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), fc.double({ noNaN: true })),
  },
  { requiredKeys: ['nowMs'] },
);

function makeHeaders(pairs: ReadonlyArray<readonly [string, string]>): Headers {
  const headers = new Headers();
  for (const [name, value] of pairs) headers.append(name, value);
  return headers;
}

function expectValid(error: ApiError): void {
  const parsed = HttpApiErrorSchema.safeParse(error);
  expect(parsed.success, JSON.stringify(error).slice(0, 300)).toBe(true);
}

describe('mapHttpError: properties', () => {
  it('returns a valid ApiError for any status 100-599, any headers, any body', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        headerPairs,
        body,
        context,
        (status, pairs, text, ctx) => {
          expectValid(mapHttpError(status, makeHeaders(pairs), text, ctx));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('returns a valid ApiError for 5 MB bodies, at every status', () => {
    const headers = makeHeaders([['Retry-After', '30']]);
    for (const big of BIG_BODIES) {
      for (let status = 100; status <= 599; status += 1) {
        const error = mapHttpError(status, headers, big, { identifier: 'Steve', nowMs: 0 });
        expectValid(error);
        if (status === 400)
          expect(error).toEqual({ kind: 'bad-request', message: genericBadRequestMessage() });
      }
    }
  });

  it('maps each status class to its kind', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        headerPairs,
        body,
        context,
        (status, pairs, text, ctx) => {
          const headers = makeHeaders(pairs);
          const error = mapHttpError(status, headers, text, ctx);
          if (status >= 300 && status < 400)
            expect(error).toEqual({ kind: 'bad-response', detail: 'redirected' });
          else if (status === 400) expect(error.kind).toBe('bad-request');
          else if (status === 401 || status === 403) expect(error).toEqual({ kind: 'unauthorized' });
          else if (status === 404 && ctx.identifier !== undefined) {
            expect(error).toEqual({ kind: 'not-found', identifier: ctx.identifier });
          } else if (status === 429) {
            expect(error).toEqual({
              kind: 'rate-limited',
              retryAfterSeconds: parseRetryAfter(headers.get('Retry-After'), ctx.nowMs),
            });
          } else if (status >= 500) expect(error).toEqual({ kind: 'unavailable' });
          else expect(error).toEqual({ kind: 'bad-response', detail: `HTTP ${status}` });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a 400 shows the server's own { error } text, cleaned, or the generic message", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (message) => {
        const error = mapHttpError(400, new Headers(), JSON.stringify({ error: message }), { nowMs: 0 });
        expect(error.kind).toBe('bad-request');
        if (error.kind !== 'bad-request') return;
        const clean = message
          .split(SHORT_TEXT_BREAK)
          .filter((word) => word !== '')
          .join(' ');
        if (clean === '') expect(error.message).toBe(genericBadRequestMessage());
        else if (clean.length <= MAX_MESSAGE_LENGTH) expect(error.message).toBe(clean);
        else {
          expect(error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
          expect(error.message.endsWith('…')).toBe(true);
          expect(clean.startsWith(error.message.slice(0, -1))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  // BUG (utils/api/short-text.ts, shortText): the cut at 199 UTF-16 code units can fall between
  // the two halves of a surrogate pair, leaving a lone surrogate before the ellipsis (shown as
  // U+FFFD). A well-formed server message must give a well-formed shown message.
  it('never cuts a character outside the BMP in half when shortening a message (every cut position)', () => {
    const cut: string[] = [];
    for (let before = 150; before <= 250; before += 1) {
      for (const astral of ['😀', '𝔸', '𠀀']) {
        const message = `${'a'.repeat(before)}${astral}${'b'.repeat(50)}`;
        const error = mapHttpError(400, new Headers(), JSON.stringify({ error: message }), { nowMs: 0 });
        if (error.kind === 'bad-request' && LONE_SURROGATE.test(error.message))
          cut.push(`${before} × a + ${astral}`);
      }
    }
    expect(cut).toEqual([]);
  });
});

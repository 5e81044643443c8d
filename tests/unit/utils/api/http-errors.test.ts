// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { genericBadRequestMessage, mapHttpError } from '@/utils/api/http-errors';
import { MAX_MESSAGE_LENGTH } from '@/utils/api/short-text';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const none = new Headers();
const map = (status: number, body = '', headers: Headers = none, identifier?: string) =>
  mapHttpError(status, headers, body, { nowMs: NOW, identifier });

describe('mapHttpError', () => {
  it('400 with a JSON error → bad-request with the server message', () => {
    const body = JSON.stringify({ error: 'type must be one of: balance, shards, kills' });
    expect(map(400, body)).toEqual({
      kind: 'bad-request',
      message: 'type must be one of: balance, shards, kills',
    });
  });

  it.each([
    ['plain text', 'Bad Request'],
    ['empty', ''],
    ['JSON without error', '{"message":"x"}'],
    ['error that is not a string', '{"error":42}'],
    ['an empty error', '{"error":"  "}'],
    ['a JSON string', '"oops"'],
    ['JSON null', 'null'],
  ])('400 with %s → bad-request with a generic message', (_label, body) => {
    expect(map(400, body)).toEqual({ kind: 'bad-request', message: genericBadRequestMessage() });
  });

  it('caps a long server message at 200 characters and flattens control characters', () => {
    const error = map(400, JSON.stringify({ error: `line one\nline\u0000two ${'x'.repeat(1000)}` }));
    expect(error.kind).toBe('bad-request');
    if (error.kind !== 'bad-request') return;
    expect(error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(error.message.startsWith('line one line two x')).toBe(true);
    expect(error.message.endsWith('…')).toBe(true);
  });

  it.each([
    ['JSON', 401, '{"error":"invalid API key"}'],
    ['plain text', 401, 'Unauthorized'],
    ['an empty body', 401, ''],
    ['403', 403, 'Forbidden'],
  ])('401/403 with %s → unauthorized', (_label, status, body) => {
    expect(map(status, body)).toEqual({ kind: 'unauthorized' });
  });

  it('404 on the player endpoint → not-found carrying the identifier asked for', () => {
    expect(map(404, '{"error":"no player Ghost"}', none, 'Ghost')).toEqual({
      kind: 'not-found',
      identifier: 'Ghost',
    });
  });

  it('404 elsewhere → bad-response', () => {
    expect(map(404, 'Not Found')).toEqual({ kind: 'bad-response', detail: 'HTTP 404' });
  });

  it('429 with Retry-After as a number', () => {
    expect(map(429, '', new Headers({ 'Retry-After': '17' }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 17,
    });
  });

  it('429 with Retry-After as an HTTP date', () => {
    const headers = new Headers({ 'Retry-After': new Date(NOW + 120_000).toUTCString() });
    expect(map(429, '', headers)).toEqual({ kind: 'rate-limited', retryAfterSeconds: 120 });
  });

  it('429 without Retry-After, or with garbage → 60', () => {
    expect(map(429, '{"error":"slow down"}')).toEqual({ kind: 'rate-limited', retryAfterSeconds: 60 });
    expect(map(429, '', new Headers({ 'Retry-After': 'later' }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 60,
    });
  });

  it.each([
    [500, ''],
    [502, '<html>Bad Gateway</html>'],
    [503, '<!doctype html><title>Service Unavailable</title>'],
    [503, ''],
    [504, 'x'.repeat(5_000_000)],
    [599, '{'],
  ])('%i → unavailable', (status, body) => {
    expect(map(status, body)).toEqual({ kind: 'unavailable' });
  });

  it.each([301, 302, 303, 307, 308])('%i → bad-response "redirected"', (status) => {
    expect(map(status)).toEqual({ kind: 'bad-response', detail: 'redirected' });
  });

  it.each([
    [0, 'HTTP 0'],
    [402, 'HTTP 402'],
    [418, 'HTTP 418'],
    [600, 'HTTP 600'],
  ])('%i → bad-response naming the status', (status, detail) => {
    expect(map(status)).toEqual({ kind: 'bad-response', detail });
  });

  it('never throws, whatever the body', () => {
    const bodies = [
      '',
      '{',
      '\u0000\uffff',
      'x'.repeat(1_000_000),
      JSON.stringify({ error: 'x'.repeat(100_000) }),
    ];
    for (const status of [0, 200, 302, 400, 401, 404, 429, 500, 503, 999]) {
      for (const body of bodies) expect(() => map(status, body)).not.toThrow();
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { askPlayerCard, parsePlayerCardReply } from '@/entrypoints/forum.content/hover-reply';
import { MESSAGES } from '@/utils/messages';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

/**
 * The content script's hand-written reply check must say exactly what the zod schema
 * (`MESSAGES['player-card'].reply`) says: same verdict, same output.
 */

const STEVE = makePlayer({ uuid: PLAYER_UUID });

function zodVerdict(raw: unknown): unknown {
  const parsed = MESSAGES['player-card'].reply.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function expectSameAsZod(raw: unknown): void {
  expect(parsePlayerCardReply(raw)).toEqual(zodVerdict(raw));
}

const ERRORS: unknown[] = [
  { kind: 'unauthorized' },
  { kind: 'not-found', identifier: 'Nobody_Here' },
  { kind: 'bad-request', message: 'no' },
  { kind: 'rate-limited', retryAfterSeconds: 60 },
  { kind: 'unavailable' },
  { kind: 'offline' },
  { kind: 'timeout' },
  { kind: 'bad-response', detail: 'x' },
  { kind: 'not-configured' },
  { kind: 'invalid-input', message: 'bad' },
  { kind: 'no-background' },
  // Wrong or missing fields, unknown kinds, extra fields.
  { kind: 'not-found' },
  { kind: 'not-found', identifier: 5 },
  { kind: 'rate-limited', retryAfterSeconds: '60' },
  { kind: 'rate-limited', retryAfterSeconds: Number.POSITIVE_INFINITY },
  { kind: 'rate-limited', retryAfterSeconds: Number.NaN },
  { kind: 'exploded' },
  { kind: 'offline', extra: '<b>x</b>' },
  { kind: 'toString' },
  { kind: '__proto__' },
  null,
  'offline',
  [],
];

describe('parsePlayerCardReply', () => {
  it('accepts a player reply and keeps unknown player fields, like the zod schema', () => {
    const raw = {
      ok: true,
      data: { ...STEVE, extra: 1, rank: { ...STEVE.rank, colour: 'red' } },
      fetchedAt: 5,
    };
    expect(parsePlayerCardReply(raw)).toEqual(raw);
    expectSameAsZod(raw);
  });

  it('drops unknown fields of the reply itself, like the zod schema', () => {
    const raw = { ok: true, data: STEVE, fetchedAt: 5, sneaky: true };
    expect(parsePlayerCardReply(raw)).toEqual({ ok: true, data: STEVE, fetchedAt: 5 });
    expectSameAsZod(raw);
  });

  it.each(ERRORS.map((error) => [JSON.stringify(error) ?? String(error), error]))(
    'treats the error %s as the zod schema does',
    (_label, error) => {
      expectSameAsZod({ ok: false, error });
      expectSameAsZod({ ok: false, error, extra: 'x' });
    },
  );

  it('rejects what is not a reply', () => {
    for (const raw of [undefined, null, 'ok', 1, [], {}, { ok: 'true' }, { ok: true }, { ok: false }]) {
      expect(parsePlayerCardReply(raw)).toBeNull();
      expectSameAsZod(raw);
    }
  });

  it('agrees with the zod schema on players with one field changed', () => {
    const replacements = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string(),
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, -0, 1.5),
      fc.constant({}),
      fc.constant([]),
      fc.constantFrom(PLAYER_UUID, '069A79F4-44E9-4726-A5BE-FCA90E38AAF5', 'not-a-uuid'),
    );
    const paths = fc.constantFrom(
      ['uuid'],
      ['name'],
      ['online'],
      ['rank'],
      ['rank', 'id'],
      ['rank', 'display'],
      ['rank', 'weight'],
      ['balance'],
      ['shards'],
      ['stats'],
      ['stats', 'kills'],
      ['stats', 'deaths'],
      ['stats', 'playtime_ticks'],
      ['stats', 'playtime_hours'],
      ['stats_may_lag'],
      ['fetchedAt'],
    );
    fc.assert(
      fc.property(paths, replacements, (path, value) => {
        const data = structuredClone(STEVE) as Record<string, unknown>;
        const reply: Record<string, unknown> = { ok: true, data, fetchedAt: 1 };
        const [first, second] = path;
        if (first === 'fetchedAt') reply.fetchedAt = value;
        else if (second === undefined) data[first as string] = value;
        else (data[first as string] as Record<string, unknown>)[second] = value;
        expectSameAsZod(reply);
      }),
      { numRuns: 400 },
    );
  });
});

describe('askPlayerCard', () => {
  it('sends exactly { type: "player-card", name } and returns the checked reply', async () => {
    const send = vi.fn(async () => ({ ok: true, data: STEVE, fetchedAt: 1 }));
    await expect(askPlayerCard('Steve', send)).resolves.toEqual({ ok: true, data: STEVE, fetchedAt: 1 });
    expect(send).toHaveBeenCalledWith({ type: 'player-card', name: 'Steve' });
  });

  it('turns an unreachable background into a no-background error', async () => {
    const reply = await askPlayerCard('Steve', async () => {
      throw new Error('Could not establish connection');
    });
    expect(reply).toEqual({ ok: false, error: { kind: 'no-background' } });
  });

  it('turns a malformed reply into a no-background error', async () => {
    const reply = await askPlayerCard('Steve', async () => ({ ok: true, data: { name: 'Steve' } }));
    expect(reply).toEqual({ ok: false, error: { kind: 'no-background' } });
  });
});

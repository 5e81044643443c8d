import { describe, expect, it, vi } from 'vitest';
import {
  createPlayerMemo,
  ERROR_MEMO_TTL_MS,
  MAX_MEMO_ENTRIES,
} from '@/entrypoints/forum.content/hover-memo';
import type { PlayerCardReply } from '@/entrypoints/forum.content/hover-reply';
import type { ApiError } from '@/utils/api/errors';
import { PLAYER_LIFETIME_MS } from '@/utils/limits';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

const player = (name: string) => makePlayer({ uuid: PLAYER_UUID, name });

const found = (name: string): PlayerCardReply => ({ ok: true, data: player(name), fetchedAt: 0 });
const failed = (error: ApiError): PlayerCardReply => ({ ok: false, error });

function setUp(answer: (name: string) => PlayerCardReply = found) {
  let clock = 1_000_000;
  const ask = vi.fn(async (name: string) => answer(name));
  const memo = createPlayerMemo({ ask, now: () => clock });
  return {
    ask,
    memo,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('player memo', () => {
  it('asks once per name and answers from memory for the cache lifetime', async () => {
    const { ask, memo, tick } = setUp();
    for (const name of ['Steve', 'Alex', 'Notch']) {
      for (let i = 0; i < 3; i += 1) await memo.get(name);
    }
    expect(ask).toHaveBeenCalledTimes(3);
    expect(memo.peek('Steve')?.reply).toEqual(found('Steve'));
    tick(PLAYER_LIFETIME_MS - 1);
    await memo.get('Steve');
    expect(ask).toHaveBeenCalledTimes(3);
    tick(1);
    expect(memo.peek('Steve')).toBeUndefined();
    await memo.get('Steve');
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('shares one request between concurrent asks for a name', async () => {
    const { ask, memo } = setUp();
    const [a, b] = await Promise.all([memo.get('Steve'), memo.get('Steve')]);
    expect(a).toBe(b);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('remembers that a name has not joined for the cache lifetime', async () => {
    const { ask, memo, tick } = setUp(() => failed({ kind: 'not-found', identifier: 'Nobody_Here' }));
    await memo.get('Nobody_Here');
    tick(PLAYER_LIFETIME_MS - 1);
    await memo.get('Nobody_Here');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('holds a rate limit for every name until Retry-After has passed', async () => {
    let limited = true;
    const { ask, memo, tick } = setUp((name) =>
      limited ? failed({ kind: 'rate-limited', retryAfterSeconds: 42 }) : found(name),
    );
    const first = await memo.get('Steve');
    expect(first.reply).toEqual(failed({ kind: 'rate-limited', retryAfterSeconds: 42 }));
    expect(first.until).toBe(1_000_000 + 42_000);
    for (const name of ['Alex', 'Notch', 'Steve']) expect((await memo.get(name)).reply.ok).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    limited = false;
    tick(42_000);
    expect((await memo.get('Alex')).reply.ok).toBe(true);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it.each<ApiError>([{ kind: 'unauthorized' }, { kind: 'not-configured' }])(
    'holds a key error (%o) for every name for a short while',
    async (error) => {
      const { ask, memo, tick } = setUp(() => failed(error));
      await memo.get('Steve');
      await memo.get('Alex');
      expect(ask).toHaveBeenCalledTimes(1);
      tick(ERROR_MEMO_TTL_MS);
      await memo.get('Alex');
      expect(ask).toHaveBeenCalledTimes(2);
    },
  );

  it('holds other errors for that name only, for a short while', async () => {
    const { ask, memo, tick } = setUp(() => failed({ kind: 'offline' }));
    await memo.get('Steve');
    await memo.get('Steve');
    expect(ask).toHaveBeenCalledTimes(1);
    await memo.get('Alex');
    expect(ask).toHaveBeenCalledTimes(2);
    tick(ERROR_MEMO_TTL_MS);
    await memo.get('Steve');
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('never asks for text that is not a game name: no player has it', async () => {
    const { ask, memo } = setUp();
    for (const name of ['Jo', 'John Smith', 'Jörg', 'ThisNameIsWayTooLong', '', '../api/health']) {
      const entry = await memo.get(name);
      expect(entry.reply).toEqual({ ok: false, error: { kind: 'not-found', identifier: name } });
    }
    expect(ask).not.toHaveBeenCalled();
  });

  it('keeps at most MAX_MEMO_ENTRIES names, forgetting the oldest', async () => {
    const { ask, memo } = setUp();
    for (let i = 0; i <= MAX_MEMO_ENTRIES; i += 1) await memo.get(`Player${i}`);
    expect(memo.peek('Player0')).toBeUndefined();
    expect(memo.peek(`Player${MAX_MEMO_ENTRIES}`)).toBeDefined();
    expect(ask).toHaveBeenCalledTimes(MAX_MEMO_ENTRIES + 1);
  });

  it('forgets everything on clear()', async () => {
    const { ask, memo } = setUp();
    await memo.get('Steve');
    memo.clear();
    await memo.get('Steve');
    expect(ask).toHaveBeenCalledTimes(2);
  });
});

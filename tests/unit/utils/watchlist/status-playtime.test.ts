// Specifies the playtime kept with a watched player's status (utils/watchlist/status.ts): optional, parsed at the edge.
import { describe, expect, it } from 'vitest';
import { parseStatuses, withObservation } from '@/utils/watchlist/status';

const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const OLD = { name: 'Notch', online: false, rankDisplay: '&7Member', checkedAt: 1_000, watchedSince: 10 };

describe('the playtime with a status', () => {
  it('an observation keeps the playtime it saw', () => {
    const next = withObservation(
      {},
      { uuid: NOTCH, name: 'Notch', online: false, rankDisplay: '', watchedSince: 10, playtime: 72_000 },
      2_000,
      new Set([NOTCH]),
    );
    expect(parseStatuses(JSON.parse(JSON.stringify(next)))[NOTCH]?.playtime).toBe(72_000);
  });

  it('a status kept before the playtime was reads as it did', () => {
    expect(parseStatuses({ [NOTCH]: OLD })).toEqual({ [NOTCH]: OLD });
  });

  it('an unreadable playtime reads as absent, and the rest of the status is kept', () => {
    for (const playtime of ['72000', null, { ticks: 1 }, [1]])
      expect(parseStatuses({ [NOTCH]: { ...OLD, playtime } })).toEqual({ [NOTCH]: OLD });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartsCollecting, chartsCollectingSoon } from '@/entrypoints/popup/player/history-charts';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';

/**
 * The card's waiting box takes the charts' height from chartsCollectingSoon (no chart data in
 * the card's first commit); the charts then say collecting from chartsCollecting. Equal, or the
 * box would be the wrong height for a frame.
 */

const NOW = Date.UTC(2026, 10, 29, 12);

const row = (time: number, statsMayLag: boolean, value: number): PlayerSnapshotRow => ({
  uuid: 'u',
  time,
  name: 'Notch',
  rankDisplay: '',
  balance: value,
  shards: value,
  kills: value,
  deaths: value,
  playtimeHours: value,
  statsMayLag,
});

// Times around each edge that matters: the range's start, an hour before now, now itself.
const time = fc.oneof(
  fc.integer({ min: NOW - 9 * DAY_MS, max: NOW + HOUR_MS }),
  fc.constantFrom(NOW - 7 * DAY_MS, NOW - HOUR_MS, NOW - HOUR_MS + 1, NOW, NOW + 1),
);
const rows = fc
  .array(fc.tuple(time, fc.boolean(), fc.integer({ min: 0, max: 50 })), { maxLength: 8 })
  .map((items) => items.sort((a, b) => a[0] - b[0]).map(([at, lagging, value]) => row(at, lagging, value)));

describe('chartsCollectingSoon', () => {
  it('answers as the charts’ own data does', () => {
    fc.assert(
      fc.property(rows, (snapshots) => {
        expect(chartsCollectingSoon(snapshots, NOW)).toBe(chartsCollecting(snapshots, NOW));
      }),
      { numRuns: 2000 },
    );
  });

  it('says collecting for no history, an hour of it and a lagging-only one; not for a day', () => {
    expect(chartsCollectingSoon([], NOW)).toBe(true);
    expect(chartsCollectingSoon([row(NOW - HOUR_MS + 1, false, 1)], NOW)).toBe(true);
    expect(chartsCollectingSoon([row(NOW - DAY_MS, true, 1)], NOW)).toBe(true);
    expect(chartsCollectingSoon([row(NOW - DAY_MS, false, 1)], NOW)).toBe(false);
    expect(chartsCollectingSoon([row(NOW - 30 * DAY_MS, false, 1)], NOW)).toBe(false);
  });
});

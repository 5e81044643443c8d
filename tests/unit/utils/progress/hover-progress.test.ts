import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { hoverProgress, hoverProgressSince } from '@/utils/progress/hover-progress';
import { progressBlocks } from '@/utils/progress/progress-view';
import { snapshot } from '../history/history-fixtures';

const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

// Wednesday 10 June 2026, 16:00 in Berlin; the day started 16 h ago.
const NOW = Date.UTC(2026, 5, 10, 14);
const at = (minutes: number) => NOW + minutes * MINUTE_MS;
const base = { resetHour: 0, now: NOW };

describe('the hover card’s one progress line', () => {
  it('a watched player seen coming online 80 min ago: the session’s gains and length', () => {
    const snapshots = [
      snapshot(at(-100), { kills: 10, balance: 1000 }),
      snapshot(at(-80), { kills: 10, balance: 1000, statsMayLag: true }),
      snapshot(at(-10), { kills: 22, balance: 1500, statsMayLag: true }),
    ];
    const status = { online: true, onlineSince: at(-80) };
    expect(hoverProgress({ ...base, status, snapshots })).toEqual({
      period: 'session',
      changes: [
        { stat: 'kills', delta: 12 },
        { stat: 'balance', delta: 500 },
      ],
      sessionMs: 80 * MINUTE_MS,
      mayLag: true,
    });
    // The popup's card counts the same numbers from the same snapshots.
    const popup = progressBlocks({ ...base, name: 'Notch', status, snapshots, statsMayLag: false });
    expect(popup[0]?.text.line).toBe('+12 kills, +500 balance');
    expect(hoverProgressSince(status, 0, NOW)).toBe(Math.min(at(-80), Date.UTC(2026, 5, 9, 22)));
  });

  it('offline: today’s gains from the day’s start (the reset hour)', () => {
    const snapshots = [snapshot(at(-20 * 60), { kills: 5 }), snapshot(at(-30), { kills: 8, deaths: 6 })];
    expect(hoverProgress({ ...base, status: { online: false }, snapshots })).toEqual({
      period: 'today',
      changes: [
        { stat: 'kills', delta: 3 },
        { stat: 'deaths', delta: 2 },
      ],
      mayLag: false,
    });
  });

  it('online but not seen coming online (no session start): today instead', () => {
    const snapshots = [snapshot(at(-20 * 60), { kills: 5 }), snapshot(at(-300), { kills: 9 })];
    const line = hoverProgress({ ...base, status: { online: true }, snapshots });
    expect(line?.period).toBe('today');
    expect(line?.changes).toEqual([{ stat: 'kills', delta: 4 }]);
  });

  it('compared and nothing moved: a line with no changes (the card says "No change")', () => {
    const snapshots = [snapshot(at(-20 * 60)), snapshot(at(-30))];
    expect(hoverProgress({ ...base, status: { online: false }, snapshots })?.changes).toEqual([]);
  });

  it('nothing to compare: no line at all', () => {
    expect(hoverProgress({ ...base, status: undefined, snapshots: [] })).toBeUndefined();
    expect(
      hoverProgress({ ...base, status: { online: false }, snapshots: [snapshot(at(-30))] }),
    ).toBeUndefined();
  });
});

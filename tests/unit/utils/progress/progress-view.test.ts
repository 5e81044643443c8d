import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { progressBlocks, progressSince } from '@/utils/progress/progress-view';
import { snapshot } from '../history/history-fixtures';

const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

// Wednesday 10 June 2026, 16:00 in Berlin.
const NOW = Date.UTC(2026, 5, 10, 14);
const at = (minutes: number) => NOW + minutes * MINUTE_MS;

const base = { name: 'Notch', resetHour: 0, statsMayLag: false, now: NOW };
const block = (blocks: ReturnType<typeof progressBlocks>, id: string) => blocks.find((b) => b.id === id);

describe('progressBlocks', () => {
  it('a session seen starting 80 min ago: its length and what was gained since, lagging stats said so', () => {
    const blocks = progressBlocks({
      ...base,
      statsMayLag: true,
      status: { online: true, onlineSince: at(-80) },
      snapshots: [
        snapshot(at(-100), { kills: 10, balance: 1000 }),
        snapshot(at(-80), { kills: 10, balance: 1000, statsMayLag: true }),
        snapshot(at(-10), { kills: 15, balance: 1500, statsMayLag: true }),
      ],
    });
    const session = block(blocks, 'session');
    expect(session?.title).toBe('This session, for 1 h 20 min');
    expect(session?.text.line).toBe('+5 kills, +500 balance');
    expect(session?.text.notes).toEqual(['Kills, deaths and playtime may lag while Notch is online.']);
  });

  it('the last session once seen offline, with its final stats', () => {
    const blocks = progressBlocks({
      ...base,
      status: { online: false, lastSession: { start: at(-200), seenUntil: at(-90), offlineAt: at(-85) } },
      snapshots: [
        snapshot(at(-300), { kills: 10 }),
        snapshot(at(-150), { kills: 12, statsMayLag: true }),
        snapshot(at(-85), { kills: 20 }),
        snapshot(at(-5), { kills: 30 }),
      ],
    });
    const session = block(blocks, 'session');
    expect(session?.title).toBe('Last session, 1 h 50 min until about 2:30 PM');
    expect(session?.text.line).toBe('+10 kills');
    expect(session?.text.notes).toEqual([]);
  });

  it('today and this week from the snapshots before their starts, and what is missing when there is none', () => {
    const blocks = progressBlocks({
      ...base,
      status: { online: false },
      snapshots: [snapshot(at(-100), { shards: 5 }), snapshot(at(-40), { shards: 9 })],
    });
    const today = block(blocks, 'today');
    expect(today?.since).toBe('since 12:00 AM');
    expect(today?.text.line).toBe('+4 shards');
    expect(today?.text.notes).toEqual(['Counted since 2:20 PM: no snapshot from before the start.']);
    expect(block(blocks, 'session')?.text.line).toMatch(/No session seen yet/);

    const one = progressBlocks({ ...base, status: { online: false }, snapshots: [snapshot(at(-40))] });
    expect(block(one, 'week')?.text.line).toBe(
      'Not enough recorded yet: the first snapshot of Notch is from 3:20 PM.',
    );
    expect(block(one, 'week')?.since).toBe('since Mon 12:00 AM');
    const none = progressBlocks({ ...base, status: undefined, snapshots: [] });
    expect(block(none, 'today')?.text.line).toBe('Not enough recorded yet: Notch has no snapshot yet.');
    expect(block(none, 'session')?.text.line).toBe('Notch has not been checked yet.');
  });

  it('says a reset rather than a negative gain', () => {
    const blocks = progressBlocks({
      ...base,
      status: { online: false },
      snapshots: [snapshot(at(-2000), { deaths: 400 }), snapshot(at(-30), { deaths: 2 })],
    });
    expect(block(blocks, 'today')?.text.line).toBe('No change');
    expect(block(blocks, 'today')?.text.notes).toEqual([
      'Deaths went down at 3:30 PM (the stats were reset): counted from then.',
    ]);
  });

  it('a session start after now (the clock turned back) is no session', () => {
    const blocks = progressBlocks({ ...base, status: { online: true, onlineSince: at(30) }, snapshots: [] });
    expect(block(blocks, 'session')?.text.line).toMatch(/did not see them come online/);
  });
});

describe('progressSince', () => {
  it('reads from the earliest start shown: the week, or a session begun before it', () => {
    const week = Date.UTC(2026, 5, 7, 22); // Monday 8 June, 00:00 in Berlin
    expect(progressSince({ online: false }, 0, NOW)).toBe(week);
    expect(progressSince({ online: true, onlineSince: week - 5 * MINUTE_MS }, 0, NOW)).toBe(
      week - 5 * MINUTE_MS,
    );
  });
});

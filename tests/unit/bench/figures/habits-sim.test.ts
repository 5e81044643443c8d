// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { detections, playerSessions, syntheticPlayers } from '@/bench/figures/habits-sim';
import { mulberry32 } from '@/demo/random';

const DAY = 24 * 3_600_000;
const T0 = Date.UTC(2025, 0, 15);

describe('synthetic players with habits', () => {
  it('the same seed gives the same players', () => {
    expect(syntheticPlayers(mulberry32(7), 20, T0, 21)).toEqual(syntheticPlayers(mulberry32(7), 20, T0, 21));
  });

  it('sessions are sorted, apart, at least 15 min, and no longer than merged 180-min ones', () => {
    for (const kind of ['habitual', 'irregular', 'rare'] as const) {
      const sessions = playerSessions(mulberry32(3), kind, T0, 60);
      for (const [i, session] of sessions.entries()) {
        expect(session.end - session.start).toBeGreaterThanOrEqual(15 * 60_000 - 1);
        if (i > 0) expect(session.start).toBeGreaterThan((sessions[i - 1] as { end: number }).end);
      }
    }
  });

  it('habitual players log in around the same hours; rare ones on about one day in seven', () => {
    const habitual = playerSessions(mulberry32(5), 'habitual', T0, 60);
    const hours = new Set(habitual.map((session) => Math.floor(((session.start - T0) % DAY) / 3_600_000)));
    expect(hours.size).toBeLessThanOrEqual(12);
    const rare = playerSessions(mulberry32(5), 'rare', T0, 700);
    expect(rare.length).toBeGreaterThan(60);
    expect(rare.length).toBeLessThan(140);
  });

  it('a session is seen at the first check within it, and never when no check falls in it', () => {
    const players = [
      {
        uuid: 'a',
        kind: 'habitual' as const,
        sessions: [
          { start: 1_000, end: 5_000 },
          { start: 10_000, end: 11_000 },
        ],
      },
    ];
    const found = detections(
      players,
      [
        { at: 500, uuid: 'a' },
        { at: 3_000, uuid: 'a' },
        { at: 4_000, uuid: 'a' },
      ],
      0,
      20_000,
    );
    expect(found).toEqual({ delays: [2_000 / 60_000], sessions: 2, neverSeen: 1 });
  });
});

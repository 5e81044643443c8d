// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { habitsText } from '@/entrypoints/options/habits-text';

const DEFAULTS = {
  backgroundRequestsPerHour: 60,
  badgeEnabled: true,
  badgeShows: 'online-count' as const,
  badgeIntervalSeconds: 60,
};

describe('whom the watchlist checks, and the floor', () => {
  it('20 players at the default budget, badge on: everyone at least every 6 h (the floor’s 3 h 20 min, then four times the round-robin’s 40 min)', () => {
    expect(habitsText(DEFAULTS, 20)).toBe(
      'Players who usually play at this hour are checked more often; everyone at least every 6 h.',
    );
  });

  it('200 players at the default budget, badge on: the floor is two days and more (33 h 20 min, 10 min a player, then four times 6 h 41 min)', () => {
    expect(habitsText(DEFAULTS, 200)).toBe(
      'Players who usually play at this hour are checked more often; everyone at least every 60 h 2 min.',
    );
  });

  it('20 players, badge off: every 4 h 40 min', () => {
    expect(habitsText({ ...DEFAULTS, badgeEnabled: false }, 20)).toBe(
      'Players who usually play at this hour are checked more often; everyone at least every 4 h 40 min.',
    );
  });

  it('nobody watched: nothing to say (the sentence before it says no player is checked)', () => {
    expect(habitsText(DEFAULTS, 0)).toBe('');
  });
});

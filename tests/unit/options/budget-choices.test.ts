// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { budgetChoiceLabel } from '@/entrypoints/options/budget-choices';

const SETTINGS = {
  backgroundRequestsPerHour: 60,
  badgeEnabled: false,
  badgeShows: 'online-count' as const,
  badgeIntervalSeconds: 60,
};

describe('the background budget as plain choices', () => {
  it('each choice says how often every watched player is checked with it', () => {
    const counts = { watched: 20, alerts: 0 };
    expect(budgetChoiceLabel(30, SETTINGS, counts)).toBe(
      '30 an hour: every watched player checked about every 40 min',
    );
    expect(budgetChoiceLabel(60, SETTINGS, counts)).toBe(
      '60 an hour: every watched player checked about every 20 min (default)',
    );
  });

  it('a badge refreshing every minute shows its cost in the choices, not silently', () => {
    const counts = { watched: 20, alerts: 0 };
    const withBadge = { ...SETTINGS, badgeEnabled: true };
    expect(budgetChoiceLabel(60, withBadge, counts)).toBe(
      '60 an hour: every watched player checked about every 40 min (default)',
    );
    // The smallest budget, shared with the badge: half as often as without it.
    expect(budgetChoiceLabel(6, SETTINGS, counts)).toBe(
      '6 an hour: every watched player checked about every 3 h 20 min',
    );
    expect(budgetChoiceLabel(6, withBadge, counts)).toBe(
      '6 an hour: every watched player checked about every 6 h 41 min',
    );
  });

  it('nobody watched (or not read yet): the bare budget, no imagined players', () => {
    expect(budgetChoiceLabel(30, SETTINGS, { watched: 0, alerts: 0 })).toBe('30 an hour');
    expect(budgetChoiceLabel(60, SETTINGS, null)).toBe('60 an hour (default)');
  });
});

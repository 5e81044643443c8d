// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { likelyNowText, likelyPlayers } from '@/entrypoints/options/likely-now';
import { cadenceOf } from '@/utils/scheduler/cadence';
import { freshHabits, type Habits } from '@/utils/scheduler/habits';

const NOW = Date.UTC(2026, 10, 20, 19, 30, 0);
const DAY = 24 * 3_600_000;
/** Three weeks of logins around 19:00 UTC, or spread over the day. */
const evening = {
  since: NOW - 21 * DAY,
  logins: Array.from({ length: 24 }, (_, h) => (h === 19 ? 18 : 0)),
  minutes: 60,
};
const anyHour = { since: NOW - 21 * DAY, logins: Array.from({ length: 24 }, () => 1), minutes: 60 };

describe('Options: how often the players who usually play at this hour are checked (issue 37)', () => {
  it('counts the players whose learned rate at this hour is well above their mean', () => {
    const habits: Habits = { ...freshHabits(), players: { a: evening, b: evening, c: anyHour } };
    expect(likelyPlayers(habits, NOW)).toBe(2);
    expect(likelyPlayers(habits, NOW - 8 * 3_600_000)).toBe(0);
    expect(likelyPlayers(null, NOW)).toBe(0);
  });

  it('says the sentence from the kept demands: 20 watched, 2 or 3 of them usually on now, about every 3 or 5 min', () => {
    // The badge in Automatic about every 7 min, the watchlist the rest of the slots.
    const cadence = cadenceOf({
      budgetPerHour: 60,
      demands: [
        { id: 'badge', demand: { everyMs: 7 * 60_000 } },
        { id: 'watchlist', demand: { everyMs: 0 } },
      ],
    });
    expect(likelyNowText(cadence, 20, 2)).toBe(
      'Watched players who usually play at this hour: about every 3 min.',
    );
    expect(likelyNowText(cadence, 20, 3)).toBe(
      'Watched players who usually play at this hour: about every 5 min.',
    );
    // Nobody usually on now, nobody watched, no pace known: no line.
    expect(likelyNowText(cadence, 20, 0)).toBe('');
    expect(likelyNowText(cadence, 0, 2)).toBe('');
    expect(likelyNowText(undefined, 20, 2)).toBe('');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AUCTION_LIMIT_DEFAULT,
  AUCTION_LIMIT_MAX,
  DEFAULT_BADGE_INTERVAL_SECONDS,
  DEFAULT_HOVER_DELAY_MS,
  LEADERBOARD_LIMIT_DEFAULT,
  LEADERBOARD_LIMIT_MAX,
  MAX_BADGE_INTERVAL_SECONDS,
  MAX_HOVER_DELAY_MS,
  MIN_ALARM_DELAY_MS,
  MIN_BADGE_INTERVAL_SECONDS,
  MIN_HOVER_DELAY_MS,
} from '@/utils/limits';

describe('limits', () => {
  it('holds the API limits of docs/api-spec.md §8', () => {
    expect([AUCTION_LIMIT_DEFAULT, AUCTION_LIMIT_MAX]).toEqual([50, 200]);
    expect([LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_LIMIT_MAX]).toEqual([10, 100]);
  });

  it('never lets the badge ask for an alarm shorter than the browser allows', () => {
    expect(MIN_BADGE_INTERVAL_SECONDS * 1000).toBeGreaterThanOrEqual(MIN_ALARM_DELAY_MS);
  });

  it('has every default within its bounds', () => {
    expect(DEFAULT_BADGE_INTERVAL_SECONDS).toBeGreaterThanOrEqual(MIN_BADGE_INTERVAL_SECONDS);
    expect(DEFAULT_BADGE_INTERVAL_SECONDS).toBeLessThanOrEqual(MAX_BADGE_INTERVAL_SECONDS);
    expect(DEFAULT_HOVER_DELAY_MS).toBeGreaterThanOrEqual(MIN_HOVER_DELAY_MS);
    expect(DEFAULT_HOVER_DELAY_MS).toBeLessThanOrEqual(MAX_HOVER_DELAY_MS);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkEveryText, durationText } from '@/entrypoints/options/check-every-text';
import { rankWatchLoad } from '@/entrypoints/options/stream-loads';

const DEFAULTS = {
  backgroundRequestsPerHour: 60,
  badgeEnabled: false,
  badgeShows: 'online-count' as const,
  badgeIntervalSeconds: 60,
};

describe('how often each watched player is checked', () => {
  it('200 players at the default budget, the badge asking nothing: about every 3 h 20 min', () => {
    expect(checkEveryText(DEFAULTS, 200)).toBe(
      'With 200 watched players each is checked about every 3 h 20 min.',
    );
  });

  it('the badge’s count at one a minute takes half the slots: twice as long', () => {
    expect(checkEveryText({ ...DEFAULTS, badgeEnabled: true }, 200)).toBe(
      'With 200 watched players each is checked about every 6 h 41 min, the badge’s count taking its share.',
    );
  });

  it('the badge counting watched players asks nothing itself', () => {
    expect(checkEveryText({ ...DEFAULTS, badgeEnabled: true, badgeShows: 'watched-online' }, 20)).toBe(
      'With 20 watched players each is checked about every 20 min.',
    );
  });

  it('nobody watched yet: says so, no imagined list of 20', () => {
    expect(checkEveryText(DEFAULTS, 0)).toBe(
      'You are not watching anyone yet, so no player is checked in the background.',
    );
  });

  it('nobody watched, the badge counting: what the budget goes to is the badge alone', () => {
    expect(checkEveryText({ ...DEFAULTS, badgeEnabled: true }, 0)).toBe(
      'You are not watching anyone yet: the background only asks for the badge’s count, about every 1 min.',
    );
  });

  it('a larger budget checks more often', () => {
    expect(checkEveryText({ ...DEFAULTS, backgroundRequestsPerHour: 120 }, 200)).toBe(
      'With 200 watched players each is checked about every 1 h 40 min.',
    );
  });

  it('durations read as hours and minutes', () => {
    expect(durationText(12_000_000)).toBe('3 h 20 min');
    expect(durationText(7_200_000)).toBe('2 h');
    expect(durationText(90_000)).toBe('2 min');
    expect(durationText(20_000)).toBe('20 s');
  });
});

describe('rank watch shares the budget', () => {
  it('on, its three boards every 30 min take 6 of the 60 requests an hour: each player a bit later', () => {
    expect(checkEveryText({ ...DEFAULTS, rankWatch: true }, 200)).toBe(
      'With 200 watched players each is checked about every 3 h 43 min.',
    );
  });

  it('off (its default), it takes nothing', () => {
    expect(checkEveryText({ ...DEFAULTS, rankWatch: false, ownName: 'Steve' }, 200)).toBe(
      'With 200 watched players each is checked about every 3 h 20 min.',
    );
  });

  it('the own name alone is someone to track; nobody at all asks nothing', () => {
    expect(rankWatchLoad({ rankWatch: true, ownName: 'Steve' }, 0).demand).toEqual({ everyMs: 10 * 60_000 });
    expect(rankWatchLoad({ rankWatch: true, ownName: '' }, 0).demand).toBeNull();
  });
});

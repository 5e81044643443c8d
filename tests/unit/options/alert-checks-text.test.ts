// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alertChecksSentence, durationText } from '../../../entrypoints/options/alert-checks-text';

describe('how often alerts are checked', () => {
  it('says none is checked without alerts', () => {
    expect(alertChecksSentence(0, 60)).toMatch(/^No saved search has an alert/);
  });

  it('one alert at the default budget: every minute (its own limit)', () => {
    expect(alertChecksSentence(1, 60)).toBe(
      'Your saved search with an alert is checked about every 1 minute with 60 background requests an hour. Check now in the popup checks at once.',
    );
  });

  it('many alerts share the budget: each checked less often, more so with a smaller budget', () => {
    expect(alertChecksSentence(10, 60)).toMatch(
      /^Each of your 10 saved searches with an alert is checked about every 10 minutes/,
    );
    expect(alertChecksSentence(10, 6)).toMatch(/about every 2 hours with 6 background requests an hour/);
  });

  it('other streams sharing the budget slow it down', () => {
    const badge = { badge: { demand: { everyMs: 0 } } };
    expect(alertChecksSentence(10, 60, badge)).toMatch(/about every 20 minutes/);
  });

  it('rounds durations to words', () => {
    expect(durationText(45_000)).toBe('45 seconds');
    expect(durationText(200_000)).toBe('3 minutes');
    expect(durationText(2.6 * 3_600_000)).toBe('3 hours');
  });
});

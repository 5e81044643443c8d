// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alertChecksSentence } from '@/entrypoints/options/alert-checks-text';

describe('how often alerts are checked', () => {
  it('says none is checked without alerts', () => {
    expect(alertChecksSentence(0, 60)).toMatch(/^No saved search has an alert/);
  });

  it('one alert at the default budget: every minute (its own limit)', () => {
    expect(alertChecksSentence(1, 60)).toBe(
      'Your saved search with an alert is checked about every 1 min with 60 background requests an hour. Check now in the popup checks at once.',
    );
  });

  it('many alerts share the budget: each checked less often, more so with a smaller budget', () => {
    expect(alertChecksSentence(10, 60)).toMatch(
      /^Each of your 10 saved searches with an alert is checked about every 10 min/,
    );
    expect(alertChecksSentence(10, 6)).toMatch(/about every 1 h 40 min with 6 background requests an hour/);
  });

  it('other streams sharing the budget slow it down', () => {
    const badge = { badge: { demand: { everyMs: 0 } } };
    expect(alertChecksSentence(10, 60, badge)).toMatch(/about every 20 min/);
  });
});

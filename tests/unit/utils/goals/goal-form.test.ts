// The goal form's rules (utils/goals/goal-form.ts): what a target may be typed as and the
// sentence that says why one is refused.
import { describe, expect, it } from 'vitest';
import { speak } from '@/tests/fixtures/catalogues';
import { checkGoal, MAX_GOAL_TARGET, parseWholeNumber } from '@/utils/goals/goal-form';

describe('parseWholeNumber', () => {
  it('reads plain digits and any one grouping the five languages write', () => {
    for (const text of [
      '1000000',
      '1,000,000',
      '1.000.000',
      '1 000 000',
      '1\u202f000\u202f000',
      "1'000'000",
      ' 1,000,000 ',
    ])
      expect(parseWholeNumber(text)).toBe(1_000_000);
  });

  it('refuses decimals, mixed or broken grouping, signs and words', () => {
    for (const text of ['1.5', '1,000.50', '1,000.000', '10,00', '-5', '1e6', 'lots', '', '1,,000'])
      expect(parseWholeNumber(text)).toBeUndefined();
  });
});

describe('checkGoal', () => {
  it('a value above the stat now is a goal', () => {
    expect(checkGoal('value', 'balance', '1,000,000', 250_000)).toEqual({ ok: true, target: 1_000_000 });
  });

  it('says why a value is refused, in a sentence', () => {
    expect(checkGoal('value', 'balance', '', 0)).toEqual({ ok: false, message: 'Enter the value to reach.' });
    expect(checkGoal('value', 'kills', 'ten', 0)).toEqual({
      ok: false,
      message: 'Enter a whole number, such as 1,000,000.',
    });
    expect(checkGoal('value', 'kills', '500', 500)).toEqual({
      ok: false,
      message: 'Already at 500: choose a higher value.',
    });
    expect(checkGoal('value', 'balance', String(MAX_GOAL_TARGET * 10), 0)).toEqual({
      ok: false,
      message: 'That value is too large: at most 1,000,000,000,000,000.',
    });
  });

  it('a position is 1 to 100 on a stat with a leaderboard', () => {
    expect(checkGoal('position', 'kills', '10', 5)).toEqual({ ok: true, target: 10 });
    expect(checkGoal('position', 'kills', '0', 5)).toEqual({
      ok: false,
      message: 'A position is a whole number from 1 to 100.',
    });
    expect(checkGoal('position', 'shards', '101', 5)).toMatchObject({ ok: false });
    expect(checkGoal('position', 'playtime', '10', 5)).toEqual({
      ok: false,
      message: 'Hours played have no leaderboard: choose a value to reach instead.',
    });
    expect(checkGoal('position', 'kills', ' ', 5)).toEqual({
      ok: false,
      message: 'Enter the position to reach.',
    });
  });

  it('speaks the UI language', async () => {
    await speak('de');
    expect(checkGoal('value', 'kills', '5', 9)).toEqual({
      ok: false,
      message: 'Schon bei 9: Wähle einen höheren Wert.',
    });
  });
});

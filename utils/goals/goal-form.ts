import { formatNumber } from '../format';
import { t } from '../i18n/translate';
import { LEADERBOARD_LIMIT_MAX } from '../limits';
import { type GoalKind, type GoalStat, hasBoard } from './goal';

/**
 * The goal form's rules, apart from the view (tests/unit/utils/goals/goal-form.test.ts): what a
 * target may be typed as, and the sentence that says why one is refused.
 */

/** A value target's ceiling: well inside a double's whole numbers, past any balance seen. */
export const MAX_GOAL_TARGET = 1e15;

// Digits grouped by threes with one separator throughout (1,000,000 / 1.000.000 / 1 000 000 /
// 1'000'000, as people write them in the five languages), or plain digits.
const GROUPED = /^\d{1,3}(?:([,.\u00a0\u202f' ’])\d{3})(?:\1\d{3})*$/;
const PLAIN = /^\d+$/;

/** A whole number as typed, with any locale's grouping; undefined when it is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return Number(trimmed);
  if (!GROUPED.test(trimmed)) return undefined;
  return Number(trimmed.replace(/\D/g, ''));
}

export type GoalCheck = { ok: true; target: number } | { ok: false; message: string };

const refuse = (message: string): GoalCheck => ({ ok: false, message });

/** The typed target checked against the stat's value now (`current`). */
export function checkGoal(kind: GoalKind, stat: GoalStat, text: string, current: number): GoalCheck {
  if (text.trim() === '')
    return refuse(t(kind === 'value' ? 'goals.form.emptyValue' : 'goals.form.emptyPosition'));
  const target = parseWholeNumber(text);
  if (kind === 'position') {
    if (!hasBoard(stat)) return refuse(t('goals.form.noBoard'));
    if (target === undefined || target < 1 || target > LEADERBOARD_LIMIT_MAX)
      return refuse(t('goals.form.badPosition', { max: LEADERBOARD_LIMIT_MAX }));
    return { ok: true, target };
  }
  if (target === undefined) return refuse(t('goals.form.notNumber'));
  if (target > MAX_GOAL_TARGET)
    return refuse(t('goals.form.tooLarge', { max: formatNumber(MAX_GOAL_TARGET) }));
  if (target <= current) return refuse(t('goals.form.alreadyThere', { value: formatNumber(current) }));
  return { ok: true, target };
}

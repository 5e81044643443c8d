// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BudgetPerHourSchema,
  clampBudget,
  DEFAULT_BUDGET_PER_HOUR,
  HOUR_MS,
  MAX_BUDGET_PER_HOUR,
  MIN_ALARM_DELAY_MS,
  MIN_BUDGET_PER_HOUR,
} from '@/utils/scheduler/scheduler-limits';

describe('budget bounds', () => {
  it('are 6 to 120 an hour, 60 by default', () => {
    expect([MIN_BUDGET_PER_HOUR, DEFAULT_BUDGET_PER_HOUR, MAX_BUDGET_PER_HOUR]).toEqual([6, 60, 120]);
  });

  it('stop where one request per alarm, 30 s apart, would not keep up', () => {
    expect(MAX_BUDGET_PER_HOUR * MIN_ALARM_DELAY_MS).toBe(HOUR_MS);
  });

  it('the setting schema takes whole numbers within the bounds only', () => {
    expect(BudgetPerHourSchema.safeParse(6).success).toBe(true);
    expect(BudgetPerHourSchema.safeParse(120).success).toBe(true);
    expect(BudgetPerHourSchema.safeParse(5).success).toBe(false);
    expect(BudgetPerHourSchema.safeParse(121).success).toBe(false);
    expect(BudgetPerHourSchema.safeParse(60.5).success).toBe(false);
    expect(BudgetPerHourSchema.safeParse('60').success).toBe(false);
  });
});

describe('clampBudget', () => {
  it('keeps a budget within bounds, rounded', () => {
    expect(clampBudget(60)).toBe(60);
    expect(clampBudget(59.6)).toBe(60);
  });

  it('brings one outside the bounds to the nearest bound', () => {
    expect(clampBudget(1)).toBe(6);
    expect(clampBudget(10_000)).toBe(120);
    expect(clampBudget(Number.POSITIVE_INFINITY)).toBe(60);
  });

  it('takes the default for a value that is not a number', () => {
    expect(clampBudget(Number.NaN)).toBe(60);
  });
});

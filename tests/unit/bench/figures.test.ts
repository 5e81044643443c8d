// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  budgetText,
  failedFigure,
  formatMarkdownTable,
  formatTable,
  judge,
  type Measured,
  settleAttempts,
  withinBudget,
} from '@/bench/lib/figures';

const figure = (patch: Partial<Measured>): Measured => ({
  id: 'x',
  label: 'X',
  value: 10,
  unit: 'ms',
  ...patch,
});

describe('withinBudget', () => {
  it('applies each operator at the limit', () => {
    expect(withinBudget(15, { op: '<=', limit: 15 })).toBe(true);
    expect(withinBudget(15.01, { op: '<=', limit: 15 })).toBe(false);
    expect(withinBudget(20, { op: '<', limit: 20 })).toBe(false);
    expect(withinBudget(19.9, { op: '<', limit: 20 })).toBe(true);
    expect(withinBudget(20, { op: '=', limit: 20 })).toBe(true);
    expect(withinBudget(19, { op: '=', limit: 20 })).toBe(false);
  });

  it('never passes a value that is not a number', () => {
    expect(withinBudget(Number.NaN, { op: '<=', limit: 1 })).toBe(false);
    expect(withinBudget(Number.POSITIVE_INFINITY, { op: '<=', limit: 1 })).toBe(false);
  });
});

describe('judge', () => {
  it('checks the value against the budget', () => {
    expect(judge(figure({ value: 16, budget: { op: '<', limit: 16 } })).pass).toBe(false);
    expect(judge(figure({ value: 15.9, budget: { op: '<', limit: 16 } })).pass).toBe(true);
  });

  it('checks the ratio when the budget is on the ratio, not the value', () => {
    const over = figure({
      value: 90,
      baseline: 50,
      ratio: 1.8,
      budget: { op: '<=', limit: 1.5, on: 'ratio' },
    });
    expect(judge(over).pass).toBe(false);
    const within = figure({
      value: 70,
      baseline: 50,
      ratio: 1.4,
      budget: { op: '<=', limit: 1.5, on: 'ratio' },
    });
    expect(judge(within).pass).toBe(true);
  });

  it('fails a ratio budget without a ratio, and a budget without a value', () => {
    expect(judge(figure({ budget: { op: '<=', limit: 1.5, on: 'ratio' } })).pass).toBe(false);
    expect(judge(figure({ value: null, budget: { op: '<=', limit: 15 } })).pass).toBe(false);
  });

  it('passes a reported figure once it has a value, and fails it without one', () => {
    expect(judge(figure({ value: 70 })).pass).toBe(true);
    expect(judge(figure({ value: null, error: 'boom' })).pass).toBe(false);
  });
});

describe('failedFigure', () => {
  it('keeps the figure’s identity, has no value, fails, and keeps the first line of the error', () => {
    const failed = failedFigure(
      { id: 'a', label: 'A', unit: 'ms', budget: { op: '<', limit: 16 } },
      new Error('It broke\n  at somewhere'),
    );
    expect(failed).toMatchObject({ id: 'a', value: null, pass: false, error: 'It broke' });
  });
});

describe('budgetText', () => {
  it('says what the limit applies to', () => {
    expect(budgetText({ unit: 'kB', budget: { op: '<=', limit: 15 } })).toBe('≤ 15 kB');
    expect(budgetText({ unit: 'ms', budget: { op: '<=', limit: 1.5, on: 'ratio' } })).toBe('≤ 1.5× baseline');
    expect(budgetText({ unit: 'requests', budget: { op: '=', limit: 20 } })).toBe('= 20 requests');
    expect(budgetText({ unit: 'ms' })).toBe('reported');
  });
});

describe('tables', () => {
  const figures = [
    judge(
      figure({
        label: 'Popup FCP',
        value: 90,
        baseline: 60,
        baselineLabel: 'blank page',
        ratio: 1.5,
        budget: { op: '<=', limit: 1.5, on: 'ratio' },
      }),
    ),
    judge(figure({ label: 'Wake', value: 70 })),
    judge(figure({ label: 'Frame | tick', value: 18, budget: { op: '<', limit: 16 } })),
  ];

  it('prints one aligned row per figure with its value, baseline, budget and result', () => {
    const lines = formatTable(figures).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(
      /^Popup FCP\s+\| 90 ms \(1\.5×\)\s+\| blank page: 60 ms\s+\| ≤ 1\.5× baseline \| pass$/,
    );
    expect(lines[3]).toMatch(/^Wake\s+\| 70 ms\s+\|\s+\| reported\s+\| -$/);
    expect(lines[4]).toMatch(/\| FAIL$/);
    // Every row's separators line up with the header's.
    const bars = (line: string) => [...line.matchAll(/ \| /g)].map((match) => match.index);
    expect(bars(lines[2] as string)).toEqual(bars(lines[0] as string));
  });

  it('escapes pipes in the Markdown table', () => {
    const markdown = formatMarkdownTable(figures).split('\n');
    expect(markdown[0]).toBe('| figure | value | baseline (same run) | budget | result |');
    expect(markdown[4]).toContain('Frame \\| tick');
  });
});

describe('settleAttempts (a timed figure over budget is measured again)', () => {
  const timed = (ratio: number) =>
    judge(figure({ value: ratio * 80, baseline: 80, ratio, budget: { op: '<=', limit: 1.2, on: 'ratio' } }));

  it('keeps a single attempt as it is', () => {
    expect(settleAttempts([timed(1.1)])).toEqual(timed(1.1));
  });

  it('lets the first attempt within budget stand, and says what the earlier ones gave', () => {
    const settled = settleAttempts([timed(1.58), timed(1.12), timed(1.3)]);
    expect(settled.pass).toBe(true);
    expect(settled.ratio).toBe(1.12);
    expect(settled.note).toContain('measured 3 times (1.58×, 1.12×, 1.3×): over budget 2 times');
  });

  it('fails with the last attempt when every attempt is over budget: a real regression', () => {
    const settled = settleAttempts([timed(1.5), timed(1.6), timed(1.55)]);
    expect(settled.pass).toBe(false);
    expect(settled.ratio).toBe(1.55);
  });
});

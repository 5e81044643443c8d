/**
 * What a figure is, how its budget is judged, and how the table is printed. Pure: the
 * orchestrator (bench/run.ts) and the unit tests (tests/unit/bench/figures.test.ts) use it.
 */

/** One frame at 60 Hz, rounded down: what a paint or a redraw is measured against. */
export const FRAME_MS = 16;

export type BudgetOp = '<=' | '<' | '=';

export interface Budget {
  op: BudgetOp;
  limit: number;
  /** What the limit applies to: the figure's value (default) or its ratio to the baseline. */
  on?: 'value' | 'ratio';
}

export interface Figure {
  id: string;
  label: string;
  /** null when the figure could not be measured (see `error`): that fails its budget. */
  value: number | null;
  unit: string;
  /** The baseline measured in the same run, in `unit`, when the figure has one. */
  baseline?: number;
  /** What the baseline is. */
  baselineLabel?: string;
  /** value ÷ baseline, for figures budgeted as a ratio. */
  ratio?: number;
  budget?: Budget;
  /** Within budget (always true for figures that are only reported). */
  pass: boolean;
  /** The runs the value was computed from (after subtracting nothing), in `unit`. */
  samples?: number[];
  /** How it was measured and anything worth knowing about this run. */
  note?: string;
  /** Why the figure could not be measured. */
  error?: string;
}

/** A figure before judging: everything but `pass`. */
export type Measured = Omit<Figure, 'pass'>;

export function withinBudget(actual: number, budget: Budget): boolean {
  if (!Number.isFinite(actual)) return false;
  switch (budget.op) {
    case '<=':
      return actual <= budget.limit;
    case '<':
      return actual < budget.limit;
    case '=':
      return actual === budget.limit;
  }
}

/**
 * Sets `pass`: a figure without a budget passes once measured; a missing value or ratio fails
 * its budget.
 */
export function judge(measured: Measured): Figure {
  const { budget } = measured;
  if (budget === undefined) return { ...measured, pass: measured.value !== null };
  const actual = budget.on === 'ratio' ? measured.ratio : measured.value;
  return { ...measured, pass: actual !== undefined && actual !== null && withinBudget(actual, budget) };
}

/** A figure that could not be measured: it fails its budget and says why. */
export function failedFigure(
  base: Pick<Figure, 'id' | 'label' | 'unit' | 'budget' | 'baselineLabel'>,
  error: unknown,
): Figure {
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { ...base, value: null, pass: false, error: message };
}

const OP_TEXT: Readonly<Record<BudgetOp, string>> = { '<=': '≤', '<': '<', '=': '=' };

/** `≤ 15 kB`, `≤ 1.5× baseline`, `= 20 requests`. */
export function budgetText(figure: Pick<Figure, 'budget' | 'unit'>): string {
  const { budget } = figure;
  if (budget === undefined) return 'reported';
  if (budget.on === 'ratio') return `${OP_TEXT[budget.op]} ${budget.limit}× baseline`;
  return `${OP_TEXT[budget.op]} ${budget.limit} ${figure.unit}`;
}

export function valueText(figure: Pick<Figure, 'value' | 'unit' | 'ratio'>): string {
  if (figure.value === null) return 'not measured';
  const value = `${figure.value} ${figure.unit}`;
  return figure.ratio === undefined ? value : `${value} (${figure.ratio}×)`;
}

export function baselineText(figure: Pick<Figure, 'baseline' | 'baselineLabel' | 'unit'>): string {
  if (figure.baselineLabel === undefined) return '';
  return figure.baseline === undefined
    ? figure.baselineLabel
    : `${figure.baselineLabel}: ${figure.baseline} ${figure.unit}`;
}

export function resultText(figure: Pick<Figure, 'pass' | 'budget' | 'value'>): string {
  if (figure.budget === undefined) return figure.value === null ? 'ERROR' : '-';
  return figure.pass ? 'pass' : 'FAIL';
}

/** The figures as a plain-text table (fixed-width columns), one row per figure. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['figure', 'value', 'baseline (same run)', 'budget', 'result'];
  const rows = figures.map((figure) => [
    figure.label,
    valueText(figure),
    baselineText(figure),
    budgetText(figure),
    resultText(figure),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] as string).length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] as number))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

/** The same table in Markdown, for the README's Performance section. */
export function formatMarkdownTable(figures: readonly Figure[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| figure | value | baseline (same run) | budget | result |',
    '|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${[figure.label, valueText(figure), baselineText(figure), budgetText(figure), resultText(figure)]
          .map(cell)
          .join(' | ')} |`,
    ),
  ].join('\n');
}

/**
 * How many times in all a timed figure over budget is measured before it fails. Times are noisy
 * on a shared 2-core machine: noise does not repeat three times running, a regression does.
 * Sizes and request counts are exact and fail at once.
 */
export const TIMED_ATTEMPTS = 3;

/** What one attempt gave, for a note: `1.58×`, `21 ms`. */
function attemptText(figure: Figure): string {
  if (figure.value === null) return 'not measured';
  return figure.budget?.on === 'ratio' && figure.ratio !== undefined
    ? `${figure.ratio}×`
    : `${figure.value} ${figure.unit}`;
}

/**
 * One figure's attempts, in order → the figure to report: the first within budget, or else the
 * last; when there was more than one attempt, its note says what the earlier ones gave.
 */
export function settleAttempts(attempts: readonly Figure[]): Figure {
  const chosen = attempts.find((figure) => figure.pass) ?? attempts[attempts.length - 1];
  if (chosen === undefined) throw new Error('settleAttempts needs at least one attempt');
  if (attempts.length === 1) return chosen;
  const history = `measured ${attempts.length} times (${attempts.map(attemptText).join(', ')}): over budget ${
    attempts.filter((figure) => !figure.pass).length
  } times`;
  return { ...chosen, note: chosen.note === undefined ? history : `${history}; ${chosen.note}` };
}

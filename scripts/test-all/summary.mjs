// The tail of `npm test`'s output (scripts/test-all.mjs): each suite's counts, the failed and
// skipped tests by name, then each stage that exited non-zero with no failed test to show for it
// (an unhandled error after every test passed, a crash before the report, a failed build), named
// with its exit code so the tail alone says which. The last line is always the total.

/**
 * @typedef {{ label: string, status: number | null, signal?: string | null,
 *   report?: 'none' | { failed: number } }} FailedStage
 * `report` is absent for a stage without a test report (a build, the typecheck), 'none' when the
 * stage should have written one and did not, else the counts its report gave.
 */

/** Why a non-zero stage needs its own line, or undefined when its failed tests already say it. */
export function stageNote(stage) {
  const exit = stage.status === null ? `was killed (${stage.signal ?? 'signal'})` : `exited ${stage.status}`;
  if (stage.report === undefined) return `${stage.label}: ${exit}, see above`;
  if (stage.report === 'none') return `${stage.label}: ${exit} without writing its report, see above`;
  if (stage.report.failed > 0) return undefined;
  return `${stage.label}: ${exit} with every test passed — an unhandled error or a failed check, see above`;
}

/**
 * @param {{ lines: string[], failures: string[], skips: string[], failedStages: FailedStage[],
 *   totals: { passed: number, failed: number, skipped: number } }} run
 * @returns {string[]} the summary's lines; the last is `N passed, N failed, N skipped`
 */
export function summaryLines({ lines, failures, skips, failedStages, totals }) {
  const notes = failedStages.map(stageNote).filter((note) => note !== undefined);
  // A stage that failed with no failed test counts as one failure, so the total is never all-green.
  const failed = totals.failed + (failedStages.length > 0 && totals.failed === 0 ? 1 : 0);
  return [
    ...lines,
    ...failures.map((name) => `failed: ${name}`),
    ...skips.map((name) => `skipped: ${name}`),
    ...notes.map((note) => `(${note})`),
    `${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`,
  ];
}

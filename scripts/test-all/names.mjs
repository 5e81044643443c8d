// The names of the failed and skipped tests in each suite's JSON report, for `npm test`'s summary
// (scripts/test-all.mjs): its tail says which tests failed and which were skipped, and why when the
// report says so, so a skip is as visible as a failure.

/** @typedef {{ failed: string[], skipped: string[] }} Names */

/** ` (reason)`, or nothing when there is none. */
const why = (reason) => (typeof reason === 'string' && reason.trim() !== '' ? ` (${reason.trim()})` : '');

/**
 * Vitest's JSON report (`--reporter=json`): a test file's assertions, `file › test`. A skip's
 * reason is read from the test's `meta.skipReason` (vitest's JSON keeps meta, not ctx.skip's note).
 * @returns {Names}
 */
export function vitestNames(report, cwd = process.cwd()) {
  const names = { failed: [], skipped: [] };
  for (const file of report?.testResults ?? []) {
    const fileName = String(file.name ?? '').replace(`${cwd}/`, '');
    for (const test of file.assertionResults ?? []) {
      const name = `${fileName} › ${test.fullName ?? test.title}`;
      if (test.status === 'failed') names.failed.push(name);
      else if (['skipped', 'pending', 'todo'].includes(test.status))
        names.skipped.push(`${name}${test.status === 'todo' ? ' (todo)' : why(test.meta?.skipReason)}`);
    }
  }
  return names;
}

/**
 * Playwright's JSON report nests suites by file and describe; a test failed when its last result
 * did, and a skip's reason is its `skip` annotation's description.
 * @returns {Names}
 */
export function playwrightNames(report) {
  const names = { failed: [], skipped: [] };
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...path, spec.title].filter(Boolean).join(' › ');
        if (test.status === 'unexpected') names.failed.push(name);
        else if (test.status === 'skipped') {
          const annotations = [
            ...(test.annotations ?? []),
            ...(test.results ?? []).flatMap((r) => r.annotations ?? []),
          ];
          names.skipped.push(`${name}${why(annotations.find((a) => a.type === 'skip')?.description)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return names;
}

/**
 * The Firefox suite's report (tests/firefox/run.mjs --json): `{ tests: [{ name, outcome, error }] }`,
 * a skipped test's `error` saying which earlier test it needed.
 * @returns {Names}
 */
export function firefoxNames(report) {
  const tests = report?.tests ?? [];
  return {
    failed: tests.filter((t) => t.outcome === 'failed').map((t) => t.name),
    skipped: tests.filter((t) => t.outcome === 'skipped').map((t) => `${t.name}${why(t.error)}`),
  };
}

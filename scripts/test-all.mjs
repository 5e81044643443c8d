#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, web-ext lint, the Firefox build from its sources zip,
// then the end-to-end suites (Chromium, then Firefox), then the benchmarks, whose budgets count
// as tests (one per budgeted figure).
// `node scripts/test-all.mjs unit e2e` runs only the stages named.
// Every stage runs even when an earlier one failed, so one run shows everything; the last
// line totals every test suite as `N passed, N failed, N skipped`, and the exit code is
// non-zero when any check or test failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { firefoxNames, playwrightNames, vitestNames } from './test-all/names.mjs';
import { summaryLines } from './test-all/summary.mjs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const timings = [];
const failures = []; // names of failed tests, printed in the summary so the run's tail says which
const skips = []; // and of skipped ones, with the reason when the report gives one
const failedStages = []; // each stage that exited non-zero, named in the summary with its exit code

const startedAll = Date.now();
let broken = false;

function run(label, command) {
  console.log(`\n▶ ${label}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  const stage = { label, status: result.status, signal: result.signal };
  if (!ok) {
    broken = true;
    failedStages.push(stage);
  }
  timings.push(`${label} ${seconds} s`);
  return { ok, seconds, stage };
}

/** `names(report)` gives the failed and skipped tests' names (scripts/test-all/names.mjs). */
function count(label, report, read, names = () => ({ failed: [], skipped: [] }), stage = undefined) {
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const parsed = JSON.parse(readFileSync(report, 'utf8'));
    counts = read(parsed);
    const { failed, skipped } = names(parsed);
    for (const name of failed) failures.push(`${label}: ${name}`);
    for (const name of skipped) skips.push(`${label}: ${name}`);
  } else counts.failed = 1; // the suite did not even report: count it as one failure
  if (stage) stage.report = existsSync(report) ? { failed: counts.failed } : 'none';
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

const readVitest = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0),
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
});
const readPlaywright = (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: (r.stats?.unexpected ?? 0) + ((r.errors?.length ?? 0) > 0 && !r.stats?.unexpected ? 1 : 0),
  skipped: r.stats?.skipped ?? 0,
});

const want = (stage) => only.length === 0 || only.includes(stage);

if (want('typecheck')) lines.push(`typecheck: ${run('typecheck', 'npx tsc --noEmit').ok ? 'ok' : 'FAILED'}`);
if (want('lint')) lines.push(`lint: ${run('lint', 'npx biome check .').ok ? 'ok' : 'FAILED'}`);
if (want('unit')) {
  const { stage } = run(
    'unit tests',
    `npx vitest run --reporter=default --reporter=json --outputFile.json=${REPORTS}/unit.json`,
  );
  count('unit', `${REPORTS}/unit.json`, readVitest, (r) => vitestNames(r), stage);
}
if (want('e2e') || want('firefox') || want('bench')) {
  const build = run('e2e builds', 'npm run --silent build:e2e');
  lines.push(`build:e2e: ${build.ok ? 'ok' : 'FAILED'}`);
}
if (want('e2e') || want('firefox')) {
  // The update tests load the previous release's build first (scripts/previous-release.mjs).
  const previous = run('previous release build', 'node scripts/previous-release.mjs');
  lines.push(`previous release build: ${previous.ok ? 'ok' : 'FAILED'}`);
}
if (want('lint-packages')) {
  const { stage } = run(
    'web-ext lint (Chrome and Firefox packages)',
    `node scripts/lint-packages.mjs --zip --json ${REPORTS}/lint-packages.json`,
  );
  count('web-ext lint', `${REPORTS}/lint-packages.json`, (r) => r, undefined, stage);
}
if (want('reproducible')) {
  // What a reviewer at addons.mozilla.org does with the sources zip (about 10 s after the zips).
  const zipped = want('lint-packages') || run('Firefox zips', 'npx wxt zip -b firefox').ok;
  const same = zipped && run('reproducible Firefox build', 'node scripts/check-reproducible.mjs').ok;
  lines.push(`reproducible build: ${same ? 'ok' : 'FAILED'}`);
}
if (want('e2e')) {
  const { stage } = run(
    'end-to-end (Chromium)',
    `PLAYWRIGHT_JSON_OUTPUT_NAME=${REPORTS}/e2e.json npx playwright test --reporter=list,json`,
  );
  count('e2e (Chromium)', `${REPORTS}/e2e.json`, readPlaywright, playwrightNames, stage);
}
if (want('firefox') && existsSync('tests/firefox/run.mjs')) {
  const { stage } = run(
    'end-to-end (Firefox ESR)',
    `node tests/firefox/run.mjs --json ${REPORTS}/firefox.json`,
  );
  count('e2e (Firefox)', `${REPORTS}/firefox.json`, (r) => r, firefoxNames, stage);
}

if (want('bench')) {
  // The e2e build (loopback granted) is the one the bench measures; it was just built above.
  rmSync('bench/results.json', { force: true }); // never count a previous run's figures
  const { stage } = run('benchmarks with budgets', 'OUT_DIR=.output BENCH_SKIP_BUILD=1 npx tsx bench/run.ts');
  count(
    'bench (budgets)',
    'bench/results.json',
    (r) => {
      const budgeted = (r.figures ?? []).filter((f) => f.budget);
      const passed = budgeted.filter((f) => f.pass === true).length;
      return { passed, failed: budgeted.length - passed, skipped: 0 };
    },
    undefined,
    stage,
  );
}

console.log('\n──────── summary ────────');
console.log(`time: ${((Date.now() - startedAll) / 1000).toFixed(0)} s (${timings.join(', ')})`);
for (const line of summaryLines({ lines, failures, skips, failedStages, totals })) console.log(line);
process.exit(broken || totals.failed > 0 ? 1 : 0);

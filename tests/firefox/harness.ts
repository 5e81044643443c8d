/**
 * A tiny sequential test harness for the Firefox smoke suite: one shared context (one Firefox,
 * one demo server), tests in order, a timeout per test, tests that need an earlier one skipped
 * when it failed, readable progress lines and a `{ passed, failed, skipped }` report.
 */

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface SmokeTest<C> {
  name: string;
  /** Default: the suite's `defaultTimeoutMs`. */
  timeoutMs?: number;
  /** Names of earlier tests this one builds on: skipped unless they all passed. */
  needs?: string[];
  run(context: C): Promise<void>;
}

export interface Suite<C> {
  title: string;
  setup(): Promise<C>;
  setupTimeoutMs: number;
  teardown(context: C): Promise<void>;
  tests: SmokeTest<C>[];
  defaultTimeoutMs: number;
  /** Called after a failed test (screenshots, page text); must not throw. */
  onFailure?(context: C, test: SmokeTest<C>): Promise<void>;
}

export interface TestResult {
  name: string;
  outcome: Outcome;
  ms: number;
  error?: string;
}

export interface Report {
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  tests: TestResult[];
}

export class TimeoutError extends Error {}

/** Rejects with a TimeoutError after `ms` unless `work` settles first. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} timed out after ${seconds(ms)}`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Polls `probe` until it returns something other than undefined/false/null and returns that.
 * On timeout, throws `message()` (called then, so it can describe what was seen last).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false | null> | T | undefined | false | null,
  message: () => string,
  { timeoutMs = 10_000, intervalMs = 100 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false && value !== null) return value;
      lastError = undefined;
    } catch (error) {
      // A page that is loading or reloading cannot answer for a moment: keep polling.
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const because = lastError === undefined ? '' : `; last error: ${describe(lastError).split('\n')[0]}`;
      throw new Error(`${message()} (waited ${seconds(timeoutMs)}${because})`);
    }
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The message, plus where in a test file it was thrown (the first frame under tests/firefox/). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.split('\n').slice(0, 8).join('\n');
  const frame = error.stack
    ?.split('\n')
    .find((line) => line.includes('/tests/firefox/') && !line.includes('/harness.ts'));
  return frame ? `${message}\n${frame.trim()}` : message;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
}

export async function runSuite<C>(
  suite: Suite<C>,
  options: { grep?: string; print?: (line: string) => void } = {},
): Promise<Report> {
  const print = options.print ?? ((line: string) => console.log(line));
  const started = Date.now();
  const chosen = suite.tests.filter(
    (test) => !options.grep || test.name.toLowerCase().includes(options.grep.toLowerCase()),
  );
  const results: TestResult[] = [];
  const outcomes = new Map<string, Outcome>();
  print(suite.title);

  let context: C | undefined;
  let setupError: string | undefined;
  const setupStarted = Date.now();
  try {
    context = await withTimeout(suite.setup(), suite.setupTimeoutMs, 'setup');
    print(`  · setup (${seconds(Date.now() - setupStarted)})`);
  } catch (error) {
    setupError = describe(error);
    print(`  ✗ setup failed (${seconds(Date.now() - setupStarted)})\n${indent(setupError)}`);
  }

  for (const test of chosen) {
    const testStarted = Date.now();
    const record = (outcome: Outcome, error?: string) => {
      const ms = Date.now() - testStarted;
      outcomes.set(test.name, outcome);
      results.push({ name: test.name, outcome, ms, ...(error === undefined ? {} : { error }) });
      return ms;
    };
    if (context === undefined) {
      record('failed', `setup failed: ${setupError}`);
      print(`  ✗ ${test.name} (setup failed)`);
      continue;
    }
    const missing = (test.needs ?? []).filter((name) => outcomes.get(name) !== 'passed');
    if (missing.length > 0) {
      const why = missing
        .map((name) => `"${name}" ${outcomes.has(name) ? outcomes.get(name) : 'did not run'}`)
        .join(', ');
      record('skipped', `needs ${why}`);
      print(`  - ${test.name} (skipped: needs ${why})`);
      continue;
    }
    const timeoutMs = test.timeoutMs ?? suite.defaultTimeoutMs;
    try {
      await withTimeout(test.run(context), timeoutMs, 'the test');
      const ms = record('passed');
      print(`  ✓ ${test.name} (${seconds(ms)})`);
    } catch (error) {
      const message = describe(error);
      const ms = record('failed', message);
      print(`  ✗ ${test.name} (${seconds(ms)})\n${indent(message)}`);
      if (suite.onFailure) await suite.onFailure(context, test).catch(() => undefined);
    }
  }

  if (context !== undefined) {
    await withTimeout(suite.teardown(context), 20_000, 'teardown').catch((error: unknown) => {
      print(`  ! teardown: ${describe(error)}`);
    });
  }

  const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  const report: Report = {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    durationMs: Date.now() - started,
    tests: results,
  };
  print(
    `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${seconds(report.durationMs)})`,
  );
  return report;
}

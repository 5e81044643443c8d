// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { stageNote, summaryLines } from '@/scripts/test-all/summary.mjs';

const green = { passed: 10, failed: 0, skipped: 1 };

describe("npm test's summary names each stage that failed without a failed test", () => {
  it('a test run that exited 1 with every test passed is named with its exit code', () => {
    const out = summaryLines({
      lines: ['unit: 10 passed, 0 failed, 1 skipped'],
      failures: [],
      skips: [],
      failedStages: [{ label: 'unit tests', status: 1, report: { failed: 0 } }],
      totals: green,
    });
    expect(out).toContain(
      '(unit tests: exited 1 with every test passed — an unhandled error or a failed check, see above)',
    );
    expect(out).not.toContain('(a check failed: see above)');
    // The last line stays the total, the stage counted as one failure.
    expect(out.at(-1)).toBe('10 passed, 1 failed, 1 skipped');
  });

  it('a stage without a report, one that wrote none, and a killed one each say so', () => {
    expect(stageNote({ label: 'typecheck', status: 2 })).toBe('typecheck: exited 2, see above');
    expect(stageNote({ label: 'end-to-end (Firefox ESR)', status: 1, report: 'none' })).toBe(
      'end-to-end (Firefox ESR): exited 1 without writing its report, see above',
    );
    expect(stageNote({ label: 'e2e builds', status: null, signal: 'SIGKILL' })).toBe(
      'e2e builds: was killed (SIGKILL), see above',
    );
  });

  it('a stage whose failed tests are listed gets no extra line, and the total is not bumped', () => {
    const out = summaryLines({
      lines: [],
      failures: ['unit: a.test.ts › breaks'],
      skips: [],
      failedStages: [
        { label: 'unit tests', status: 1, report: { failed: 1 } },
        { label: 'lint', status: 1 },
      ],
      totals: { passed: 9, failed: 1, skipped: 0 },
    });
    expect(out).toEqual([
      'failed: unit: a.test.ts › breaks',
      '(lint: exited 1, see above)',
      '9 passed, 1 failed, 0 skipped',
    ]);
  });

  it('a green run ends on its total alone', () => {
    expect(
      summaryLines({ lines: ['lint: ok'], failures: [], skips: [], failedStages: [], totals: green }),
    ).toEqual(['lint: ok', '10 passed, 0 failed, 1 skipped']);
  });
});

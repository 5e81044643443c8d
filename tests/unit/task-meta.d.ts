// What a test may record for npm test's summary (scripts/test-all/names.mjs reads it from vitest's
// JSON report, which keeps a test's meta but not ctx.skip's note).
declare module 'vitest' {
  interface TaskMeta {
    /** Why the test skipped itself, shown after its name in the summary. */
    skipReason?: string;
  }
}

export {};

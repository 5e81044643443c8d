import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the e2e build of the extension (`npm run build:e2e`) loaded into
 * Debian's Chromium, against the demo server that each test's fixture starts on a free port.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // Parallel runs with their own OUT_DIR keep their own traces and screenshots too.
  outputDir: process.env.OUT_DIR ? `test-results/${process.env.OUT_DIR.replace(/\W/g, '')}` : 'test-results',
  use: { trace: 'retain-on-failure' },
});

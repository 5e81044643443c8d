// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firefoxNames, playwrightNames, vitestNames } from '@/scripts/test-all/names.mjs';

/** The summary's names, from the shapes of each suite's JSON report (trimmed to what is read). */
describe("npm test's summary names the failed and skipped tests", () => {
  it('vitest: file › full name, the skip reason from meta.skipReason, todos marked', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', meta: {} },
            { fullName: 'a breaks', status: 'failed', meta: {} },
            { fullName: 'a as nobody', status: 'skipped', meta: { skipReason: 'not root' } },
            { fullName: 'a plain skip', status: 'skipped', meta: {} },
            { fullName: 'a later', status: 'todo', meta: {} },
          ],
        },
      ],
    };
    expect(vitestNames(report, '/repo')).toEqual({
      failed: ['tests/unit/a.test.ts › a breaks'],
      skipped: [
        'tests/unit/a.test.ts › a as nobody (not root)',
        'tests/unit/a.test.ts › a plain skip',
        'tests/unit/a.test.ts › a later (todo)',
      ],
    });
  });

  it('playwright: file › describe › title, a skip annotation as the reason', () => {
    const report = {
      suites: [
        {
          title: 'hostile-restart.spec.ts',
          specs: [],
          suites: [
            {
              title: 'the service worker stopped mid-way',
              specs: [
                { title: 'first', tests: [{ status: 'unexpected', annotations: [], results: [] }] },
                { title: 'second', tests: [{ status: 'skipped', annotations: [], results: [] }] },
                { title: 'passes', tests: [{ status: 'expected', annotations: [], results: [] }] },
                { title: 'flaky', tests: [{ status: 'flaky', annotations: [], results: [] }] },
                {
                  title: 'only in Chrome',
                  tests: [
                    {
                      status: 'skipped',
                      annotations: [{ type: 'skip', description: 'needs the side panel' }],
                      results: [],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightNames(report)).toEqual({
      failed: ['hostile-restart.spec.ts › the service worker stopped mid-way › first'],
      skipped: [
        'hostile-restart.spec.ts › the service worker stopped mid-way › second',
        'hostile-restart.spec.ts › the service worker stopped mid-way › only in Chrome (needs the side panel)',
      ],
    });
  });

  it('firefox: each name, a skipped one with what it needed', () => {
    const report = {
      tests: [
        { name: 'loads', outcome: 'passed' },
        { name: 'popup', outcome: 'failed', error: 'boom' },
        { name: 'update', outcome: 'skipped', error: 'needs "popup" failed' },
      ],
    };
    expect(firefoxNames(report)).toEqual({
      failed: ['popup'],
      skipped: ['update (needs "popup" failed)'],
    });
  });

  it('a report without tests names none', () => {
    expect(vitestNames({})).toEqual({ failed: [], skipped: [] });
    expect(playwrightNames({})).toEqual({ failed: [], skipped: [] });
    expect(firefoxNames({})).toEqual({ failed: [], skipped: [] });
  });
});

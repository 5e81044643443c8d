/**
 * `node tests/firefox/run.mjs [--json FILE] [--grep TEXT] [--verbose]`: runs the Firefox ESR
 * smoke suite against `${OUT_DIR:-.output}/firefox-mv2-e2e` (build it with `npm run build:e2e`)
 * and writes `{ passed, failed, skipped, durationMs, tests }` to FILE. Exit code 1 when a test
 * failed or the suite could not start.
 */
// First: the smoke tests' expected texts come from the English catalogue.
import '../fixtures/english-in-node';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extensionDir } from './firefox';
import { type Report, runSuite } from './harness';
import { smokeSuite } from './smoke';
import { updateSuite } from './update';

interface Args {
  json?: string;
  grep?: string;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = argv[++i];
    else if (arg === '--grep') args.grep = argv[++i];
    else if (arg === '--verbose') args.verbose = true;
    else throw new Error(`Unknown argument ${arg}; use --json FILE, --grep TEXT, --verbose`);
  }
  return args;
}

function writeReport(file: string | undefined, report: Report): void {
  if (!file) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const grep = args.grep === undefined ? {} : { grep: args.grep };
  const smoke = await runSuite(smokeSuite({ dir: extensionDir(), verbose: args.verbose }), grep);
  // A second Firefox: the update starts from the previous release on a fresh profile.
  const update = await runSuite(updateSuite({ verbose: args.verbose }), grep);
  const report: Report = {
    passed: smoke.passed + update.passed,
    failed: smoke.failed + update.failed,
    skipped: smoke.skipped + update.skipped,
    durationMs: smoke.durationMs + update.durationMs,
    tests: [...smoke.tests, ...update.tests],
  };
  writeReport(args.json, report);
  return report.failed > 0 ? 1 : 0;
}

#!/usr/bin/env node
// `web-ext lint` (Mozilla's add-on linter, from the web-ext package) on the production packages:
// `${OUT_DIR:-.output}/chrome-mv3` and `${OUT_DIR:-.output}/firefox-mv2`.
//
//   node scripts/lint-packages.mjs            lint what `npm run build` left there
//   node scripts/lint-packages.mjs --build    build both first (wxt build, wxt build -b firefox)
//   node scripts/lint-packages.mjs --zip      zip both first (wxt zip builds too) and check the zips
//   --json FILE                               also write { passed, failed, skipped } (one per package)
//
// Fails (exit 1) when a package has a lint error, is missing, or a build/zip step fails.
// Warnings are printed, not fatal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};

const OUT_DIR = process.env.OUT_DIR || '.output';
const PACKAGES = [
  { label: 'Chrome (MV3)', dir: 'chrome-mv3', browser: 'chrome' },
  { label: 'Firefox (MV2)', dir: 'firefox-mv2', browser: 'firefox' },
];
const WEB_EXT = path.resolve('node_modules', 'web-ext', 'bin', 'web-ext.js');

let broken = false;

function step(command, commandArgs) {
  console.log(`  $ ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    broken = true;
    console.log(`${result.stdout}${result.stderr}`.trim());
    console.log(`  ✗ exited with ${result.status}`);
    return false;
  }
  return true;
}

function version() {
  return JSON.parse(readFileSync('package.json', 'utf8')).version;
}

function lint(dir) {
  const result = spawnSync(
    process.execPath,
    [WEB_EXT, 'lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery', '--no-input'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const start = result.stdout.indexOf('{');
  try {
    return JSON.parse(result.stdout.slice(start));
  } catch {
    return { error: `${result.stdout}${result.stderr}`.trim() || `web-ext exited with ${result.status}` };
  }
}

function line(kind, message) {
  const where = [message.file, message.line].filter(Boolean).join(':');
  return `    ${kind} ${message.code}${where ? ` (${where})` : ''}: ${message.message}`;
}

console.log(`web-ext lint on the production packages in ${OUT_DIR}/`);
if (flag('--build') || flag('--zip')) {
  const verb = flag('--zip') ? 'zip' : 'build';
  for (const pkg of PACKAGES) {
    step('npx', ['wxt', verb, ...(pkg.browser === 'firefox' ? ['-b', 'firefox'] : [])]);
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const pkg of PACKAGES) {
  const dir = path.join(OUT_DIR, pkg.dir);
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    console.log(`  ✗ ${pkg.label}: no build at ${dir} (run \`npm run build\`, or pass --build)`);
    counts.failed++;
    continue;
  }
  const report = lint(dir);
  if (report.error !== undefined || !report.summary) {
    console.log(`  ✗ ${pkg.label}: web-ext lint did not run\n${report.error}`);
    counts.failed++;
    continue;
  }
  const { errors, warnings, notices } = report.summary;
  const ok = errors === 0;
  console.log(
    `  ${ok ? '✓' : '✗'} ${pkg.label} (${dir}): ${errors} errors, ${warnings} warnings, ${notices} notices`,
  );
  for (const message of report.errors) console.log(line('error', message));
  for (const message of report.warnings) console.log(line('warning', message));
  if (ok) counts.passed++;
  else counts.failed++;

  if (flag('--zip')) {
    const prefix = `${JSON.parse(readFileSync('package.json', 'utf8')).name}-${version()}-${pkg.browser}.zip`;
    const zipped = readdirSync(OUT_DIR).includes(prefix);
    console.log(`  ${zipped ? '✓' : '✗'} ${path.join(OUT_DIR, prefix)}${zipped ? '' : ' is missing'}`);
    if (!zipped) counts.failed++;
  }
}

const file = option('--json');
if (file) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(counts)}\n`);
}
if (counts.failed > 0) broken = true;
console.log(broken ? 'web-ext lint: FAILED' : 'web-ext lint: both packages have no errors');
process.exit(broken ? 1 : 0);

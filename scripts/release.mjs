#!/usr/bin/env node
// `npm run release -- <version>`: the packages a publisher uploads, from a clean, checked tree.
//
//  1. refuses a dirty working tree, a version that is not higher than the last (package.json and
//     the v* tags), and a CHANGELOG.md without a section for it (scripts/release/decide.mjs);
//  2. sets the version in package.json and package-lock.json (the manifests take it from there);
//  3. runs the checks: typecheck, lint, unit tests;
//  4. zips Chrome, Firefox and the Firefox sources (wxt zip builds first), checks both packages
//     with `web-ext lint`, every permission's justification in store/<lang>/ and the size limits;
//  5. rebuilds the Firefox package from its sources zip and compares it file by file
//     (scripts/check-reproducible.mjs);
//  6. copies the three zips to release/<version>/ (git-ignored) with SHA256SUMS.
//
// It never commits, tags, signs or uploads: the README's "Release" part says how, by hand.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  compareVersions,
  refusal,
  SIZE_LIMITS,
  sha256Lines,
  withLockVersion,
  withPackageVersion,
} from './release/decide.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const version = process.argv[2];
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

function fail(message) {
  console.error(`✗ release: ${message}`);
  process.exit(1);
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`${label} failed (exit ${result.status})`);
}

// 1. Refusals.
const packageVersion = JSON.parse(read('package.json')).version;
const tagged = git('tag', '--list', 'v*')
  .split('\n')
  .map((tag) => tag.trim().slice(1))
  .filter((tag) => /^\d+\.\d+\.\d+$/.test(tag));
const current = [packageVersion, ...tagged].sort(compareVersions).at(-1);
const why = refusal({
  version,
  status: git('status', '--porcelain'),
  current,
  changelog: read('CHANGELOG.md'),
});
if (why) fail(why);

// 2. The version, everywhere it is written.
writeFileSync(path.join(ROOT, 'package.json'), withPackageVersion(read('package.json'), version));
writeFileSync(path.join(ROOT, 'package-lock.json'), withLockVersion(read('package-lock.json'), version));
console.log(`version ${current} → ${version} in package.json and package-lock.json`);

// 3. Checks.
run('typecheck', 'npx', ['tsc', '--noEmit']);
run('lint', 'npx', ['biome', 'check', '.']);
run('unit tests', 'npx', ['vitest', 'run']);

// 4. Packages, in an output folder of their own so nothing older is zipped.
const OUT_DIR = '.output-release';
rmSync(path.join(ROOT, OUT_DIR), { recursive: true, force: true });
run('Chrome zip', 'npx', ['wxt', 'zip'], { OUT_DIR });
run('Firefox zips', 'npx', ['wxt', 'zip', '-b', 'firefox'], { OUT_DIR });
run('web-ext lint', 'node', ['scripts/lint-packages.mjs'], { OUT_DIR });

// Every permission the built manifests ask for has its justification in every listing (store/).
for (const dir of ['chrome-mv3', 'firefox-mv2']) {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, OUT_DIR, dir, 'manifest.json'), 'utf8'));
  const asked = [
    ...(manifest.permissions ?? []),
    ...(manifest.optional_permissions ?? []),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
  ];
  for (const locale of ['en', 'de', 'es', 'fr', 'pt_BR']) {
    const { permissions } = JSON.parse(read(`store/${locale}/listing.json`));
    const unjustified = asked.filter((permission) => !permissions[permission]);
    if (unjustified.length > 0)
      fail(`${dir} asks for ${unjustified.join(', ')}: no justification in store/${locale}/`);
  }
}

const zips = {
  chrome: `network-companion-${version}-chrome.zip`,
  firefox: `network-companion-${version}-firefox.zip`,
  sources: `network-companion-${version}-sources.zip`,
};
for (const [kind, name] of Object.entries(zips)) {
  const { size } = statSync(path.join(ROOT, OUT_DIR, name));
  if (size > SIZE_LIMITS[kind]) fail(`${name} is ${size} bytes, over the store's ${SIZE_LIMITS[kind]}`);
  console.log(`${name}: ${(size / 1024).toFixed(1)} kB`);
}

// 5. What a reviewer at addons.mozilla.org does: build the sources zip and compare.
run('reproducible build', 'node', [
  'scripts/check-reproducible.mjs',
  path.join(OUT_DIR, zips.sources),
  path.join(OUT_DIR, zips.firefox),
]);

// 6. The release folder.
const folder = path.join(ROOT, 'release', version);
mkdirSync(folder, { recursive: true });
const sums = new Map();
for (const name of Object.values(zips)) {
  copyFileSync(path.join(ROOT, OUT_DIR, name), path.join(folder, name));
  sums.set(
    name,
    createHash('sha256')
      .update(readFileSync(path.join(folder, name)))
      .digest('hex'),
  );
}
writeFileSync(path.join(folder, 'SHA256SUMS'), sha256Lines(sums));
console.log(`\n✓ release/${version}/: ${Object.values(zips).join(', ')} and SHA256SUMS`);
console.log(
  `Next, by hand: git commit -am "Release ${version}" && git tag v${version}; then sign and upload (README, "Release").`,
);

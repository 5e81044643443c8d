#!/usr/bin/env node
// `node scripts/previous-release.mjs`: builds the previous release's e2e packages (Chromium and
// Firefox) from git into .previous-release/<commit>/, once per commit. The update tests
// (tests/e2e/update.spec.ts, tests/firefox/update.ts) load that build, make data with it, then
// update in place to this build and look for the data. The commit is pinned in
// tests/e2e/previous-release.json; it is the release players have today, so a newer one is
// pinned when a release ships.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const PREVIOUS_RELEASE_ROOT = path.resolve('.previous-release');

export function previousReleaseCommit() {
  const pinned = JSON.parse(readFileSync('tests/e2e/previous-release.json', 'utf8'));
  if (!/^[0-9a-f]{40}$/.test(pinned.commit))
    throw new Error('tests/e2e/previous-release.json: commit must be 40 hex digits');
  return pinned.commit;
}

/** Where the two builds are: `chrome-mv3-e2e` and `firefox-mv2-e2e` inside. */
export function previousReleaseDir(commit = previousReleaseCommit()) {
  return path.join(PREVIOUS_RELEASE_ROOT, commit);
}

function sh(command, cwd) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd });
  if (result.status !== 0) throw new Error(`"${command}" failed in ${cwd} (exit ${result.status})`);
}

export function buildPreviousRelease() {
  const commit = previousReleaseCommit();
  const out = previousReleaseDir(commit);
  const done = ['chrome-mv3-e2e', 'firefox-mv2-e2e'].every((dir) =>
    existsSync(path.join(out, dir, 'manifest.json')),
  );
  if (done) {
    console.log(`previous release ${commit.slice(0, 7)}: built already in ${out}`);
    return out;
  }
  const known = () => spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`]).status === 0;
  // A shallow clone (some CI checkouts) lacks the older commit: ask its origin for the history once.
  if (!known()) spawnSync('git', ['fetch', '--quiet', '--unshallow'], { stdio: 'inherit' });
  if (!known()) {
    throw new Error(
      `The previous release ${commit} is not in this clone's history (a shallow clone?): run \`git fetch --unshallow\`.`,
    );
  }
  const source = path.join(PREVIOUS_RELEASE_ROOT, 'source');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  console.log(`previous release ${commit.slice(0, 7)}: building from git into ${out}`);
  sh(`git archive --format=tar ${commit} | tar -x -C "${source}"`, process.cwd());
  sh('npm ci --prefer-offline --no-audit --no-fund --loglevel=error', source);
  sh(
    `OUT_DIR="${out}" npx wxt build --mode e2e && OUT_DIR="${out}" npx wxt build -b firefox --mode e2e`,
    source,
  );
  // The source and its node_modules (300 MB) are only needed to build.
  rmSync(source, { recursive: true, force: true });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildPreviousRelease();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// @vitest-environment node
// Specifies scripts/release.mjs: it refuses a dirty tree, a changelog without the version and a
// version that is not higher than the last, before it changes or builds anything.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changelogVersions,
  compareVersions,
  refusal,
  sha256Lines,
  withLockVersion,
  withPackageVersion,
} from '@/scripts/release/decide.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHANGELOG = `# Changelog\n\n## [Unreleased]\n\n## [0.3.0] - 2026-12-01\n\n- x\n\n## [0.2.0] - 2026-11-27\n\n## [0.1.0] - 2026-11-24\n`;
const clean = { status: '', current: '0.2.0', changelog: CHANGELOG };

describe('release decisions', () => {
  it('releases a higher version the changelog has, from a clean tree', () => {
    expect(refusal({ ...clean, version: '0.3.0' })).toBeUndefined();
  });

  it('refuses a dirty working tree', () => {
    expect(refusal({ ...clean, status: ' M README.md\n', version: '0.3.0' })).toMatch(/uncommitted changes/);
  });

  it('refuses a version the changelog lacks (Unreleased is not a version)', () => {
    expect(refusal({ ...clean, version: '0.4.0' })).toMatch(/CHANGELOG.md has no "## \[0.4.0\]/);
  });

  it('refuses a version that is not higher than the last', () => {
    expect(refusal({ ...clean, version: '0.2.0' })).toMatch(/not higher than the last version, 0.2.0/);
    expect(refusal({ ...clean, version: '0.1.0' })).toMatch(/not higher/);
    expect(refusal({ ...clean, current: '0.10.0', version: '0.3.0' })).toMatch(/not higher/);
  });

  it('refuses what is not a version', () => {
    for (const version of [undefined, '', 'v0.3.0', '0.3', '0.3.0-beta', '01.2.3'])
      expect(refusal({ ...clean, version })).toMatch(/is not a version/);
  });

  it('compares versions as numbers, not text', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(changelogVersions(CHANGELOG)).toEqual(['0.3.0', '0.2.0', '0.1.0']);
  });

  it('sets the version in package.json and both places of package-lock.json, nothing else', () => {
    const lock = JSON.stringify({
      name: 'x',
      version: '0.2.0',
      packages: { '': { version: '0.2.0' }, 'node_modules/a': { version: '0.2.0' } },
    });
    const written = JSON.parse(withLockVersion(lock, '0.3.0'));
    expect([
      written.version,
      written.packages[''].version,
      written.packages['node_modules/a'].version,
    ]).toEqual(['0.3.0', '0.3.0', '0.2.0']);
    expect(JSON.parse(withPackageVersion('{"name":"x","version":"0.2.0"}', '0.3.0'))).toEqual({
      name: 'x',
      version: '0.3.0',
    });
  });

  it('writes the sums as sha256sum reads them', () => {
    expect(
      sha256Lines([
        ['b.zip', '22'],
        ['a.zip', '11'],
      ]),
    ).toBe('11  a.zip\n22  b.zip\n');
  });
});

describe('npm run release, in a repository of its own', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A git repository with the release script, a package at 0.2.0 and the changelog above. */
  function repository(): string {
    dir = mkdtempSync(join(tmpdir(), 'nc-release-'));
    mkdirSync(join(dir, 'scripts/release'), { recursive: true });
    cpSync(join(ROOT, 'scripts/release.mjs'), join(dir, 'scripts/release.mjs'));
    cpSync(join(ROOT, 'scripts/release/decide.mjs'), join(dir, 'scripts/release/decide.mjs'));
    writeFileSync(join(dir, 'package.json'), '{\n  "name": "network-companion",\n  "version": "0.2.0"\n}\n');
    writeFileSync(
      join(dir, 'package-lock.json'),
      '{\n  "version": "0.2.0",\n  "packages": { "": { "version": "0.2.0" } }\n}\n',
    );
    writeFileSync(join(dir, 'CHANGELOG.md'), CHANGELOG);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', 'start');
    return dir;
  }

  const release = (version: string) =>
    spawnSync('node', ['scripts/release.mjs', version], { cwd: dir, encoding: 'utf8' });

  it.each([
    [
      'a dirty tree',
      '0.3.0',
      (): void => writeFileSync(join(dir, 'CHANGELOG.md'), `${CHANGELOG}\nmore\n`),
      /uncommitted changes/,
    ],
    ['a version the changelog lacks', '0.4.0', (): void => undefined, /CHANGELOG.md has no/],
    [
      'a version not higher than the last',
      '0.2.0',
      (): void => undefined,
      /not higher than the last version/,
    ],
  ] as const)('refuses %s, and changes nothing', (_, version, change, message) => {
    repository();
    change();
    const before = readFileSync(join(dir, 'package.json'), 'utf8');
    const result = release(version);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(before);
  });
});

// @vitest-environment node
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFacts } from '@/scripts/setup/facts.mjs';

const repo = path.resolve(import.meta.dirname, '../../../..');
const SETPRIV = '/usr/bin/setpriv';

describe('npm start and npm test set themselves up', () => {
  it('package.json runs the set-up before each command, and .ci/run leaves the set-up to npm test', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
    expect(scripts.start).toBe('node scripts/setup.mjs start && tsx scripts/start.ts');
    expect(scripts.test).toBe('node scripts/setup.mjs test && node scripts/test-all.mjs');
    const ci = readFileSync(path.join(repo, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
    expect(ci).not.toMatch(/apt-get|npm ci/);
  });

  /**
   * The set-up script and what it reads, copied into a fresh folder under the system's temp
   * folder that everyone may read (mkdtemp makes it 0700).
   */
  function readableCopyOfSetUp(): string {
    const copy = mkdtempSync(path.join(tmpdir(), 'setup-as-nobody-'));
    chmodSync(copy, 0o755);
    for (const file of ['package.json', 'package-lock.json', 'scripts/setup.mjs', 'scripts/setup'])
      cpSync(path.join(repo, file), path.join(copy, file), { recursive: true });
    return copy;
  }

  /** Runs the set-up as `prefix` says (as this user, or as nobody) with Chromium made unavailable. */
  function setUpWithoutChromium(command: string, prefix: string[] = [], root = repo) {
    const [file = process.execPath, ...args] = [...prefix, process.execPath, 'scripts/setup.mjs', command];
    return spawnSync(file, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: '/nowhere/chromium', FIREFOX_PATH: '' },
      encoding: 'utf8',
    });
  }
  const sentence = (command: string) =>
    `No Chromium at CHROME_PATH=/nowhere/chromium: point CHROME_PATH at one, or run \`unset CHROME_PATH\` to use Debian's, then \`npm ${command}\` again.\n`;

  it('with CHROME_PATH pointing nowhere, stops at once with one sentence on stderr and a non-zero exit', () => {
    for (const command of ['start', 'test']) {
      const result = setUpWithoutChromium(command);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(sentence(command));
    }
  });

  /**
   * Why this machine cannot run the set-up as nobody, or null when it can. The copy's folder is
   * made for nobody; node itself must be reachable by nobody too (not under a private home).
   */
  function whyNotAsNobody(asNobody: string[]): string | null {
    if (process.getuid?.() !== 0) return 'not root, so it cannot switch to nobody';
    if (!existsSync(SETPRIV)) return `no ${SETPRIV} to switch to nobody with`;
    const probe = spawnSync(asNobody[0] ?? SETPRIV, [...asNobody.slice(1), process.execPath, '-e', ''], {
      encoding: 'utf8',
    });
    if (probe.status !== 0)
      return `nobody cannot run ${process.execPath}: ${(probe.stderr || probe.error?.message || '').trim()}`;
    return null;
  }

  it('the same as an unprivileged user (nobody), from a copy in a folder nobody can read', (ctx) => {
    const asNobody = [SETPRIV, '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
    const why = whyNotAsNobody(asNobody);
    if (why !== null) {
      ctx.task.meta.skipReason = `cannot run as nobody here: ${why}`;
      ctx.skip(ctx.task.meta.skipReason);
    }
    // The checkout may be private (a `mktemp -d` folder, root's home): nobody reads a copy.
    const copy = readableCopyOfSetUp();
    try {
      for (const command of ['start', 'test']) {
        const result = setUpWithoutChromium(command, asNobody, copy);
        expect(result.stderr).toBe(sentence(command));
        expect(result.stdout).toBe('');
        expect(result.status).toBe(1);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('readFacts', () => {
  it('reads the dependencies from package-lock.json and node_modules/.package-lock.json', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'setup-facts-'));
    const lock = JSON.stringify({ packages: { '': {}, 'node_modules/a': { version: '1.0.0' } } });
    writeFileSync(path.join(dir, 'package-lock.json'), lock);
    expect(readFacts(dir, {}).deps).toBe('missing');
    mkdirSync(path.join(dir, 'node_modules'));
    writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), lock.replace('1.0.0', '0.9.0'));
    expect(readFacts(dir, {}).deps).toBe('outdated');
    writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), lock);
    expect(readFacts(dir, {}).deps).toBe('present');
  });

  it("takes CHROME_PATH and FIREFOX_PATH as the tests do, and calls only a path other than Debian's custom", () => {
    const facts = readFacts(repo, { CHROME_PATH: '/nowhere/chromium', FIREFOX_PATH: '/usr/bin/firefox-esr' });
    expect(facts.browsers.chromium).toEqual({ present: false, customPath: '/nowhere/chromium' });
    expect(facts.browsers['firefox-esr']).not.toHaveProperty('customPath');
    expect(readFacts(repo, { CHROME_PATH: '' }).browsers.chromium).not.toHaveProperty('customPath');
  });
});

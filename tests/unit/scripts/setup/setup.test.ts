// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFacts } from '@/scripts/setup/facts.mjs';

const repo = path.resolve(import.meta.dirname, '../../../..');

describe('npm start and npm test set themselves up', () => {
  it('package.json runs the set-up before each command, and .ci/run leaves the set-up to npm test', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
    expect(scripts.start).toBe('node scripts/setup.mjs start && tsx scripts/start.ts');
    expect(scripts.test).toBe('node scripts/setup.mjs test && node scripts/test-all.mjs');
    const ci = readFileSync(path.join(repo, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
    expect(ci).not.toMatch(/apt-get|npm ci/);
  });

  /** Runs the set-up as `prefix` says (as this user, or as nobody) with Chromium made unavailable. */
  function setUpWithoutChromium(command: string, prefix: string[] = []) {
    const [file = process.execPath, ...args] = [...prefix, process.execPath, 'scripts/setup.mjs', command];
    return spawnSync(file, args, {
      cwd: repo,
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

  it.runIf(process.getuid?.() === 0 && existsSync('/usr/bin/setpriv'))(
    'the same as an unprivileged user (nobody)',
    () => {
      const asNobody = ['/usr/bin/setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
      for (const command of ['start', 'test']) {
        const result = setUpWithoutChromium(command, asNobody);
        expect(result.status).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(sentence(command));
      }
    },
  );
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

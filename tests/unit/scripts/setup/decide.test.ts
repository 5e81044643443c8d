// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decide, depsState, type Facts } from '@/scripts/setup/decide.mjs';

/** A machine with everything: Debian, not root, both browsers and the language packs, deps installed. */
function machine(
  change: Partial<Omit<Facts, 'browsers'>> & { missing?: string[]; custom?: Record<string, string> } = {},
): Facts {
  const { missing = [], custom = {}, ...rest } = change;
  const fact = (pkg: 'chromium' | 'chromium-l10n' | 'firefox-esr') => ({
    present: !missing.includes(pkg),
    ...(custom[pkg] ? { customPath: custom[pkg] } : {}),
  });
  return {
    deps: 'present',
    root: false,
    debian: true,
    browsers: {
      chromium: fact('chromium'),
      'chromium-l10n': fact('chromium-l10n'),
      'firefox-esr': fact('firefox-esr'),
    },
    ...rest,
  };
}

describe('decide: dependencies', () => {
  it('runs npm ci when node_modules is missing or out of date, and not when it is present', () => {
    expect(decide('test', machine({ deps: 'missing' }))).toEqual({ apt: [], npmCi: true });
    expect(decide('start', machine({ deps: 'outdated' }))).toEqual({ apt: [], npmCi: true });
    expect(decide('test', machine({ deps: 'present' }))).toEqual({ apt: [], npmCi: false });
  });
});

describe('decide: browsers', () => {
  it('needs only Chromium for npm start, and Chromium, its language packs and Firefox ESR for npm test', () => {
    const noFirefoxNoL10n = machine({ missing: ['firefox-esr', 'chromium-l10n'] });
    expect(decide('start', noFirefoxNoL10n)).toEqual({ apt: [], npmCi: false });
    expect(decide('test', noFirefoxNoL10n)).toHaveProperty('stop');
  });

  it('as root on Debian, installs exactly the missing packages with a font, then npm ci if needed', () => {
    expect(
      decide('test', machine({ root: true, deps: 'missing', missing: ['chromium', 'firefox-esr'] })),
    ).toEqual({
      apt: ['chromium', 'firefox-esr', 'fonts-dejavu-core'],
      npmCi: true,
    });
    expect(decide('test', machine({ root: true, missing: ['chromium-l10n'] }))).toEqual({
      apt: ['chromium-l10n', 'fonts-dejavu-core'],
      npmCi: false,
    });
    expect(decide('start', machine({ root: true, missing: ['chromium'] }))).toEqual({
      apt: ['chromium', 'fonts-dejavu-core'],
      npmCi: false,
    });
  });

  it('not root on Debian: stops, having planned nothing, with the one apt-get command to run as root', () => {
    const plan = decide('test', machine({ deps: 'missing', missing: ['chromium', 'firefox-esr'] }));
    expect(plan).toEqual({
      stop: 'npm test needs Chromium and Firefox ESR, which are not installed: run `sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium firefox-esr fonts-dejavu-core`, then `npm test` again.',
    });
    expect(decide('start', machine({ missing: ['chromium'] }))).toEqual({
      stop: 'npm start needs Chromium, which is not installed: run `sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-dejavu-core`, then `npm start` again.',
    });
  });

  it('not Debian, root or not: stops with the Debian command as the example and the variables to set', () => {
    for (const root of [true, false]) {
      const plan = decide('start', machine({ root, debian: false, missing: ['chromium'] }));
      expect(plan).toEqual({
        stop: "npm start needs Chromium, which is not installed: install it from your system's packages (on Debian `apt-get install -y --no-install-recommends chromium fonts-dejavu-core`) and set CHROME_PATH to it, then run `npm start` again.",
      });
    }
  });

  it('CHROME_PATH pointing nowhere stops even as root on Debian: installing chromium would not change it', () => {
    for (const root of [true, false]) {
      for (const command of ['start', 'test'] as const) {
        const plan = decide(
          command,
          machine({ root, deps: 'missing', missing: ['chromium'], custom: { chromium: '/nowhere' } }),
        );
        expect(plan).toEqual({
          stop: `No Chromium at CHROME_PATH=/nowhere: point CHROME_PATH at one, or run \`unset CHROME_PATH\` to use Debian's, then \`npm ${command}\` again.`,
        });
      }
    }
  });

  it("a Chromium of one's own that is there needs no Debian language packs", () => {
    const own = machine({ missing: ['chromium-l10n'], custom: { chromium: '/opt/chromium/chrome' } });
    expect(decide('test', own)).toEqual({ apt: [], npmCi: false });
  });

  it('says each sentence on one line', () => {
    const plans = [
      decide('test', machine({ missing: ['chromium', 'chromium-l10n', 'firefox-esr'] })),
      decide('test', machine({ debian: false, missing: ['chromium', 'firefox-esr'] })),
      decide(
        'test',
        machine({ missing: ['chromium', 'firefox-esr'], custom: { chromium: '/a', 'firefox-esr': '/b' } }),
      ),
    ];
    for (const plan of plans) {
      expect(plan).toHaveProperty('stop');
      if ('stop' in plan) expect(plan.stop).not.toContain('\n');
    }
  });
});

describe('depsState', () => {
  const lock = (packages: Record<string, object>) => JSON.stringify({ lockfileVersion: 3, packages });
  const locked = {
    '': { name: 'network-companion', dependencies: { preact: '^11.2.0' } },
    'node_modules/preact': {
      version: '11.2.0',
      resolved: 'https://r/preact-11.2.0.tgz',
      integrity: 'sha512-a',
    },
    'node_modules/@biomejs/cli-darwin-arm64': {
      version: '2.5.15',
      integrity: 'sha512-b',
      optional: true,
      os: ['darwin'],
    },
  };
  // npm's hidden lockfile: the installed packages' entries, without the root or skipped optional ones.
  const installed = { 'node_modules/preact': locked['node_modules/preact'] };

  it('is missing without node_modules/.package-lock.json (no install, or one that was interrupted)', () => {
    expect(depsState(lock(locked), undefined)).toBe('missing');
  });

  it('is present when every locked package is installed, optional ones for other platforms aside', () => {
    expect(depsState(lock(locked), lock(installed))).toBe('present');
  });

  it('is out of date when a locked package changed, is not installed, or something else is installed', () => {
    const bumped = {
      ...locked,
      'node_modules/preact': { ...locked['node_modules/preact'], version: '11.3.0' },
    };
    expect(depsState(lock(bumped), lock(installed))).toBe('outdated');
    const added = { ...locked, 'node_modules/idb': { version: '8.0.4', integrity: 'sha512-c' } };
    expect(depsState(lock(added), lock(installed))).toBe('outdated');
    const extra = { ...installed, 'node_modules/left-pad': { version: '1.3.0', integrity: 'sha512-d' } };
    expect(depsState(lock(locked), lock(extra))).toBe('outdated');
    expect(depsState(lock(locked), '{ not json')).toBe('outdated');
  });
});

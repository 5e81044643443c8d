// What `npm start` and `npm test` must set up before they run, decided from facts gathered by
// scripts/setup.mjs (facts.mjs). Pure and dependency-free: it runs before node_modules exists,
// and tests/unit/scripts/setup/decide.test.ts gives it made-up machines.

/** The Debian browser package each command drives, and how a person would call it. */
const BROWSERS = {
  chromium: { name: 'Chromium', envVar: 'CHROME_PATH' },
  // Debian's chromium speaks only en-US without it; tests/e2e/german.spec.ts needs de.
  'chromium-l10n': { name: "Chromium's language packs", envVar: undefined },
  'firefox-esr': { name: 'Firefox ESR', envVar: 'FIREFOX_PATH' },
};

/**
 * What each command needs. The test suites run both browsers headless (tests/chromium.ts,
 * tests/firefox/firefox.ts), so neither command needs xvfb; `xvfb-run -a npm start` is only a way
 * to watch the demo on a machine without a display.
 */
export const NEEDS = {
  start: ['chromium'],
  test: ['chromium', 'chromium-l10n', 'firefox-esr'],
};

/** Installed with the browsers so that pages have a font with --no-install-recommends. */
export const APT_EXTRAS = ['fonts-dejavu-core'];

/**
 * Whether node_modules holds what package-lock.json locks. npm writes node_modules/.package-lock.json
 * (its "hidden lockfile") at the end of every install with the entry of each package it installed,
 * copied from the lockfile, so an interrupted install leaves none. Up to date when every installed
 * package is the locked one and every locked package is installed, except optional ones (packages
 * for other platforms, which npm skips).
 * @param {string | undefined} lockText package-lock.json
 * @param {string | undefined} installedText node_modules/.package-lock.json, undefined when absent
 * @returns {'missing' | 'outdated' | 'present'}
 */
export function depsState(lockText, installedText) {
  if (installedText === undefined) return 'missing';
  if (lockText === undefined) return 'outdated';
  let locked;
  let installed;
  try {
    locked = JSON.parse(lockText).packages ?? {};
    installed = JSON.parse(installedText).packages ?? {};
  } catch {
    return 'outdated';
  }
  const same = (a, b) =>
    a.version === b.version && a.resolved === b.resolved && a.integrity === b.integrity && a.link === b.link;
  for (const [key, entry] of Object.entries(installed)) {
    if (!locked[key] || !same(locked[key], entry)) return 'outdated';
  }
  for (const [key, entry] of Object.entries(locked)) {
    if (key !== '' && !installed[key] && entry.optional !== true) return 'outdated';
  }
  return 'present';
}

/**
 * The plan for `command` on the machine the facts describe: either stop with one sentence (nothing
 * done yet), or the Debian packages to install (as root) and whether to run `npm ci`.
 * @param {'start' | 'test'} command
 * @param {import('./decide.d.mts').Facts} facts
 * @returns {import('./decide.d.mts').Plan}
 */
export function decide(command, facts) {
  const again = `\`npm ${command}\``;
  // Language packs belong to Debian's chromium; a Chromium of one's own brings its own.
  const ownChromium = facts.browsers.chromium.customPath !== undefined;
  const missing = NEEDS[command].filter(
    (pkg) => !facts.browsers[pkg].present && !(pkg === 'chromium-l10n' && ownChromium),
  );

  // A path the person set that leads nowhere: installing Debian's package would not change it.
  const misdirected = missing.filter((pkg) => BROWSERS[pkg].envVar && facts.browsers[pkg].customPath);
  if (misdirected.length > 0) {
    const wrong = misdirected.map(
      (pkg) => `${BROWSERS[pkg].name} at ${BROWSERS[pkg].envVar}=${facts.browsers[pkg].customPath}`,
    );
    const vars = misdirected.map((pkg) => BROWSERS[pkg].envVar);
    const which = vars.length === 1 ? 'one' : 'them';
    return {
      stop: `No ${wrong.join(' and no ')}: point ${vars.join(' and ')} at ${which}, or run \`unset ${vars.join(' ')}\` to use Debian's, then ${again} again.`,
    };
  }

  const packages = missing; // every one left is a Debian package at its Debian path
  if (packages.length > 0 && !(facts.root && facts.debian)) {
    const names = packages.map((pkg) => BROWSERS[pkg].name).join(' and ');
    const are = packages.length === 1 && packages[0] !== 'chromium-l10n' ? 'is' : 'are';
    const install = `apt-get install -y --no-install-recommends ${[...packages, ...APT_EXTRAS].join(' ')}`;
    const envVars = packages.flatMap((pkg) => BROWSERS[pkg].envVar ?? []).join(' and ');
    return {
      stop: facts.debian
        ? `npm ${command} needs ${names}, which ${are} not installed: run \`sudo apt-get update && sudo ${install}\`, then ${again} again.`
        : `npm ${command} needs ${names}, which ${are} not installed: install ${are === 'is' ? 'it' : 'them'} from your system's packages (on Debian \`${install}\`)${envVars ? ` and set ${envVars} to ${are === 'is' ? 'it' : 'them'}` : ''}, then run ${again} again.`,
    };
  }
  return { apt: packages.length > 0 ? [...packages, ...APT_EXTRAS] : [], npmCi: facts.deps !== 'present' };
}

// The facts decide.mjs decides from, read from this machine. Plain Node: runs before node_modules exists.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { depsState } from './decide.mjs';

/** Where Debian's packages put what the tests and `npm start` launch. */
export const DEBIAN_PATHS = {
  chromium: '/usr/bin/chromium',
  'chromium-l10n': '/usr/lib/chromium/locales/de.pak',
  'firefox-esr': '/usr/bin/firefox-esr',
};

const readIfThere = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A browser at $envVar (as tests/chromium.ts and tests/firefox/firefox.ts read it) or Debian's path. */
function browser(envVar, debianPath, env) {
  const chosen = env[envVar] || debianPath;
  return { present: executable(chosen), ...(chosen !== debianPath ? { customPath: chosen } : {}) };
}

function isDebian() {
  const release = readIfThere('/etc/os-release') ?? '';
  const onPath = (env) =>
    (env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, 'apt-get')));
  return /^ID=("?)debian\1$/m.test(release) && onPath(process.env);
}

/** @returns {import('./decide.d.mts').Facts} */
export function readFacts(root = process.cwd(), env = process.env) {
  return {
    deps: depsState(
      readIfThere(path.join(root, 'package-lock.json')),
      readIfThere(path.join(root, 'node_modules', '.package-lock.json')),
    ),
    root: process.getuid?.() === 0,
    debian: isDebian(),
    browsers: {
      chromium: browser('CHROME_PATH', DEBIAN_PATHS.chromium, env),
      'chromium-l10n': { present: existsSync(DEBIAN_PATHS['chromium-l10n']) },
      'firefox-esr': browser('FIREFOX_PATH', DEBIAN_PATHS['firefox-esr'], env),
    },
  };
}

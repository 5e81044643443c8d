#!/usr/bin/env node
// What a reviewer at addons.mozilla.org does: unzip the sources zip into a fresh folder, build it
// as the README's "Build from the sources zip" says, and compare the result with the Firefox zip,
// file by file, byte for byte.
//
//   node scripts/check-reproducible.mjs [SOURCES_ZIP FIREFOX_ZIP]   (default: the newest pair in .output/)
//   --npm-ci   install with `npm ci --offline` from the npm cache, as written; without it the fresh
//              folder gets a symlink to this checkout's node_modules (the same lockfile's packages;
//              this machine reaches no registry but npm's, and installs take minutes)
//
// Exit 1 when a file differs, is missing or is extra; the fresh folder is removed either way.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const npmCi = args.includes('--npm-ci');
const [sourcesArg, firefoxArg] = args.filter((arg) => !arg.startsWith('--'));

function newest(pattern) {
  const dir = path.join(ROOT, '.output');
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => pattern.test(name)) : [];
  const found = names
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!found) throw new Error(`no ${pattern} in .output/: run \`npx wxt zip -b firefox\` first`);
  return found;
}

const sourcesZip = path.resolve(sourcesArg ?? newest(/-sources\.zip$/));
const firefoxZip = path.resolve(firefoxArg ?? newest(/-firefox\.zip$/));

function run(command, commandArgs, cwd) {
  console.log(`  $ ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** Every file under `dir`, by its path relative to it. */
function files(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full, base) : [path.relative(base, full)];
  });
}

const started = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'nc-reproducible-'));
const sources = path.join(work, 'sources');
const packaged = path.join(work, 'firefox-zip');
let differences = [];
try {
  console.log(`sources: ${sourcesZip}\nfirefox: ${firefoxZip}\nfresh folder: ${sources}`);
  run('unzip', ['-q', sourcesZip, '-d', sources], work);
  run('unzip', ['-q', firefoxZip, '-d', packaged], work);
  // The build steps the README gives for the sources zip.
  if (npmCi) run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], sources);
  else {
    symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(sources, 'node_modules'));
    run('npx', ['wxt', 'prepare'], sources); // what `npm ci` runs as postinstall
  }
  run('npx', ['wxt', 'build', '-b', 'firefox'], sources);

  const built = path.join(sources, '.output', 'firefox-mv2');
  const [ours, theirs] = [new Set(files(built)), new Set(files(packaged))];
  for (const file of [...new Set([...ours, ...theirs])].sort()) {
    if (!ours.has(file)) differences.push(`only in the Firefox zip: ${file}`);
    else if (!theirs.has(file)) differences.push(`only in the build from sources: ${file}`);
    else if (!readFileSync(path.join(built, file)).equals(readFileSync(path.join(packaged, file))))
      differences.push(`differs: ${file}`);
  }
  console.log(`compared ${theirs.size} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  differences = [String(error instanceof Error ? error.message : error)];
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (differences.length > 0) {
  console.error(`✗ the build from the sources zip is not the Firefox zip:\n${differences.join('\n')}`);
  process.exit(1);
}
console.log('✓ the build from the sources zip is the Firefox zip, file by file');

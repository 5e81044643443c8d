#!/usr/bin/env node
// `node scripts/setup.mjs start|test`: what `npm start` and `npm test` run first, so that each works
// alone in a fresh clone. Installs Debian's browsers the command needs when missing (as root on
// Debian; otherwise it stops at once with the one command to run, having done nothing), then the
// locked dependencies (`npm ci`) when node_modules is missing or differs from package-lock.json.
// Plain Node with no dependency: it runs before node_modules exists. The decisions are in
// scripts/setup/decide.mjs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { APT_EXTRAS, decide } from './setup/decide.mjs';
import { readFacts } from './setup/facts.mjs';

const command = process.argv[2];
if (command !== 'start' && command !== 'test') {
  console.error('Usage: node scripts/setup.mjs start|test');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));

function stop(sentence) {
  console.error(sentence);
  process.exit(1);
}

function run(file, args, env = process.env) {
  const result = spawnSync(file, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) stop(`\`${[file, ...args].join(' ')}\` failed, so npm ${command} stops here.`);
}

const plan = decide(command, readFacts(root));
if ('stop' in plan) stop(plan.stop);

if (plan.apt.length > 0) {
  console.log(`Installing ${plan.apt.join(' ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.apt], env);
  // Installed but still not where the command looks: say so now, not as a launch error later.
  const after = decide(command, readFacts(root));
  if ('stop' in after) stop(after.stop);
  const still = after.apt.filter((pkg) => !APT_EXTRAS.includes(pkg));
  if (still.length > 0)
    stop(`apt-get ran, yet ${still.join(' and ')} is still missing, so npm ${command} stops here.`);
}

if (plan.npmCi) {
  console.log('Installing the locked dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

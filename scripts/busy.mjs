#!/usr/bin/env node
// Keeps every core busy, as a CI machine or a second test run would: one worker thread spinning
// per core (os.availableParallelism()). Run it beside `npm test` or a spec to see whether a test
// leans on the machine's speed. Stops on Ctrl-C (SIGINT), SIGTERM, or after `--seconds N`.
//   node scripts/busy.mjs              # until stopped
//   node scripts/busy.mjs --seconds 600
import { availableParallelism } from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // A tight loop with a little arithmetic, so the thread never sleeps.
  let x = 0;
  for (;;) x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
}

/** `--seconds N` from the arguments: a positive number, or undefined when absent. */
export function secondsFrom(argv) {
  const at = argv.indexOf('--seconds');
  if (at === -1) return undefined;
  const seconds = Number(argv[at + 1]);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`--seconds wants a positive number, not ${argv[at + 1] ?? 'nothing'}`);
  }
  return seconds;
}

let seconds;
try {
  seconds = secondsFrom(process.argv.slice(2));
} catch (error) {
  console.error(`busy: ${error.message}`);
  process.exit(2);
}

const cores = availableParallelism();
const workers = Array.from({ length: cores }, () => new Worker(new URL(import.meta.url)));
const started = Date.now();
console.log(
  `busy: ${cores} worker thread${cores === 1 ? '' : 's'} spinning, one per core (pid ${process.pid}); ` +
    (seconds ? `stopping after ${seconds} s or on Ctrl-C` : 'stop with Ctrl-C or `kill <pid>`'),
);

let stopping = false;
async function stop(why) {
  if (stopping) return;
  stopping = true;
  await Promise.all(workers.map((worker) => worker.terminate()));
  console.log(`busy: stopped (${why}) after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(0);
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
if (seconds) setTimeout(() => stop(`${seconds} s elapsed`), seconds * 1000);

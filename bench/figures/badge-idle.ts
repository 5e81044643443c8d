/**
 * Requests: the badge left idle for 10 minutes at a 1-minute interval. Ten real minutes do not
 * fit in the bench, so the real background (entrypoints/background/start-background.ts: the gateway,
 * the badge's stream of the background scheduler and their wiring) runs in a Node child process on WXT's fake browser, with
 * a fake clock: `Date.now` is the simulated time, and the fake browser's alarms are fired when
 * the clock reaches them (each alarm fires once, as Chrome's do). Its requests go over HTTP to
 * the real demo server, which counts them. Two runs:
 *
 * - `restarting`: the service worker is stopped after every poll (Chrome stops an idle worker
 *   after 30 s, so each minute's alarm wakes a new one): a fresh background starts, then the
 *   alarm is delivered to it, as Chrome does.
 * - `alive`: one background for the whole 10 minutes.
 *
 * Figure: the larger of the two counts. Budget: at most 11 (the start-up poll plus one per minute).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DemoServer } from '../../demo/server';
import type { Measured } from '../lib/figures';

const IDLE_MINUTES = 10;
const INTERVAL_SECONDS = 60;
type Scenario = 'restarting' | 'alive';

/**
 * Runs one scenario in a child process (asynchronously: the demo server answering it lives in
 * this process) and resolves when it has finished.
 */
function runScenario(scenario: Scenario, demo: Pick<DemoServer, 'url' | 'apiKey'>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), scenario, demo.url, demo.apiKey],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`The ${scenario} simulation failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

export async function measureBadgeIdle(
  demo: Pick<DemoServer, 'url' | 'apiKey' | 'log' | 'clearLog'>,
): Promise<Measured> {
  const counts: Record<Scenario, number> = { restarting: -1, alive: -1 };
  for (const scenario of ['restarting', 'alive'] as const) {
    demo.clearLog();
    await runScenario(scenario, demo);
    counts[scenario] = demo.log().filter((entry) => entry.endpoint === 'count').length;
  }
  return {
    id: 'requests-badge-idle',
    label: `Count requests, badge idle ${IDLE_MINUTES} min at a ${INTERVAL_SECONDS / 60} min interval`,
    value: Math.max(counts.restarting, counts.alive),
    unit: 'requests',
    budget: { op: '<=', limit: IDLE_MINUTES * (60 / INTERVAL_SECONDS) + 1 },
    note: `the real background on WXT's fake browser in Node, fake clock, requests counted by the demo server: ${counts.restarting} with the worker stopped after every poll, ${counts.alive} with one worker throughout`,
  };
}

/** The child process: one scenario, simulated. */
async function simulate(scenario: Scenario, baseUrl: string, apiKey: string): Promise<void> {
  const { fakeBrowser } = await import('wxt/testing/fake-browser');
  let clock = Date.now();
  const end = clock + IDLE_MINUTES * 60_000;
  Date.now = () => clock;
  // `wxt/browser` is `globalThis.browser` when it has a runtime id: set before the app's modules load.
  (globalThis as { browser?: unknown }).browser = fakeBrowser;
  // What the fake browser does not implement and the background touches at start-up.
  const noop = () => {};
  Object.assign(fakeBrowser.permissions.onAdded, { addListener: noop });
  Object.assign(fakeBrowser.permissions.onRemoved, { addListener: noop });
  Object.assign(fakeBrowser.storage.session, { setAccessLevel: async () => {} });

  const { startBackground } = await import('../../entrypoints/background/start-background');
  const { apiKeyItem, updateSettings } = await import('../../utils/settings');
  await updateSettings({ apiBaseUrl: baseUrl, badgeEnabled: true, badgeIntervalSeconds: INTERVAL_SECONDS });
  await apiKeyItem.setValue(apiKey);

  /** What a stopped worker loses: its listeners (storage and alarms stay with the browser). */
  const stopWorker = () => {
    for (const event of [
      fakeBrowser.runtime.onMessage,
      fakeBrowser.runtime.onInstalled,
      fakeBrowser.runtime.onStartup,
      fakeBrowser.alarms.onAlarm,
    ]) {
      event.removeAllListeners();
    }
  };

  let background = startBackground();
  await background.started;
  await background.scheduler.settled();
  for (;;) {
    const alarms = await fakeBrowser.alarms.getAll();
    const next = alarms.sort((a, b) => a.scheduledTime - b.scheduledTime)[0];
    if (next === undefined || next.scheduledTime > end) break;
    clock = Math.max(clock, next.scheduledTime);
    await fakeBrowser.alarms.clear(next.name);
    if (scenario === 'restarting') {
      stopWorker();
      background = startBackground();
    }
    await fakeBrowser.alarms.onAlarm.trigger(next);
    await background.started;
    await background.scheduler.settled();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [scenario, baseUrl, apiKey] = process.argv.slice(2);
  if ((scenario !== 'restarting' && scenario !== 'alive') || !baseUrl || !apiKey) {
    console.error('usage: badge-idle.ts restarting|alive BASE_URL API_KEY');
    process.exit(2);
  }
  simulate(scenario, baseUrl, apiKey).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

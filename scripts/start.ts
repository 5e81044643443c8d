// `npm start`: build the extension, start the demo API server and demo forums on 127.0.0.1,
// and open Chromium with the extension loaded and already pointed at the demo server with
// the demo key. Without a display it keeps the server running and says how to see the browser
// (xvfb-run) or load the build. `npm start` runs scripts/setup.mjs first (dependencies, Chromium).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startDemoServer } from '../demo/server';

const port = Number(process.env.PORT ?? 8787);
const apiKey = process.env.DEMO_API_KEY ?? 'demo-key';
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const buildDir = path.resolve(process.env.OUT_DIR || '.output', 'chrome-mv3-e2e');

console.log('Building the extension (Chrome, with loopback access for the demo)…');
const build = spawnSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const demo = await startDemoServer({ port, apiKey });
console.log(`\nDemo API:    ${demo.url}/api   (key: ${demo.apiKey})`);
console.log(`Demo forums: ${demo.url}/forum/`);

async function openBrowser(): Promise<void> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromePath,
    headless: false,
    viewport: null,
    args: [
      `--disable-extensions-except=${buildDir}`,
      `--load-extension=${buildDir}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  // The options page opens by itself on first install; use it as a player would: connect to
  // the demo server, then add the demo forum so hover cards work there.
  const options =
    context.pages().find((page) => page.url().endsWith('/options.html')) ?? (await context.newPage());
  if (!options.url().endsWith('/options.html')) await options.goto(`chrome-extension://${id}/options.html`);
  await options.getByLabel('Server address').fill(demo.url);
  await options.getByLabel('API key', { exact: true }).fill(demo.apiKey);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByRole('status').filter({ hasText: 'Connected' }).first().waitFor({ timeout: 15_000 });
  await options.getByRole('textbox', { name: 'Forum site' }).fill(demo.url);
  await options.getByRole('button', { name: 'Add site' }).click();
  const forum = await context.newPage();
  await forum.goto(`${demo.url}/forum/xenforo`);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${id}/popup.html`);
  console.log('\nChromium is open with the extension loaded and connected to the demo server.');
  console.log('Close the browser or press Ctrl+C to stop.');
  context.on('close', () => void shutdown());
}

async function shutdown(): Promise<void> {
  await demo.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) {
  await openBrowser().catch((error: unknown) => {
    console.error(`Could not open Chromium (${String(error)}). The demo server keeps running.`);
  });
} else {
  console.log(`
No display found, so no browser was opened; to see it, run \`xvfb-run -a npm start\` (Debian's xvfb) instead.
The demo server keeps running. Or load the extension yourself:
  Chrome/Chromium: chrome://extensions → Developer mode → Load unpacked → ${buildDir}
  Then open its options, set the server address to ${demo.url} and the key to ${demo.apiKey}.
Press Ctrl+C to stop.`);
}

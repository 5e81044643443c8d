/**
 * `npm run demo`: the demo API on 127.0.0.1:$PORT (default 8787) with key $DEMO_API_KEY
 * (default demo-key). Stops cleanly on SIGINT / SIGTERM.
 */
import { FORUM_ENGINES } from './forum-pages';
import { startDemoServer } from './server';

const DEFAULT_PORT = 8787;

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  }
  return port;
}

const server = await startDemoServer({
  port: portFromEnv(process.env.PORT),
  apiKey: process.env.DEMO_API_KEY || undefined,
});

const lines = [
  'Demo game API running.',
  `  API base URL: ${server.url}`,
  `  API key:      ${server.apiKey}`,
  '  Demo forums:',
  `    ${server.url}/forum/`,
  ...FORUM_ENGINES.map((engine) => `    ${server.url}/forum/${engine}`),
  `  Control API:  ${server.url}/__demo/log, /__demo/faults, /__demo/reset, /__demo/online,`,
  '                /__demo/players/{name-or-uuid}, /__demo/auctions (see demo/control-routes.ts)',
  'Press Ctrl+C to stop.',
];
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the demo server.`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// One of count-pace-pool.ts's workers: measures the lists it is sent, one at a time. Plain
// JavaScript: a worker does not inherit tsx's loader, so it loads the TypeScript through tsx's API.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { measureList } = await tsImport('./count-pace-sim.ts', import.meta.url);

parentPort?.on('message', async (args) => {
  parentPort?.postMessage(await measureList(...args));
});

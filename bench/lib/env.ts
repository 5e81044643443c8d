import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { DemoServer } from '../../demo/server';

/** What every browser figure gets: the extension, set up against the demo server. */
export interface BenchEnv {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  demo: DemoServer;
  /** An extension page with no app code on it (the blank page), for `chrome.*` calls. */
  controlPage: Page;
  /** Runs per figure (each figure is the median of these). */
  runs: number;
}

/** The size Chrome gives the popup (its body is 380 px wide, its content at most 580 px tall). */
export const POPUP_VIEWPORT = { width: 380, height: 580 } as const;

export const extensionUrl = (env: Pick<BenchEnv, 'extensionId'>, file: string) =>
  `chrome-extension://${env.extensionId}/${file}`;

/** `count` player names the demo server knows, starting at `start` of its player list (fixtures first). */
export function demoNames(demo: Pick<DemoServer, 'data'>, start: number, count: number): string[] {
  const names = demo.data.players.map((player) => player.name).slice(start, start + count);
  if (names.length < count) throw new Error(`The demo server has fewer than ${start + count} players`);
  return names;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

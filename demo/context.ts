/** What the demo routes share: configuration and the mutable state of one demo server. */
import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Faults } from './faults';
import type { OnlineCount } from './online-count';
import type { RateLimiter } from './rate-limit';
import type { RequestLog } from './request-log';
import type { DemoWorld } from './world';

export interface DemoContext {
  apiKey: string;
  now: () => number;
  data: DemoWorld;
  faults: Faults;
  log: RequestLog;
  limiter: RateLimiter;
  online: OnlineCount;
}

/** The Hono app of the demo, run by @hono/node-server (which provides the Node request in `env`). */
export type DemoEnv = { Bindings: HttpBindings };
export type DemoApp = Hono<DemoEnv>;

/**
 * Requests: 20 distinct names on a demo forum page, each hovered 3 times (20 names, then the
 * same 20 again, twice, as names recur down a thread), each time until its card shows the
 * player (then closed with Escape), all within the player cache lifetime. Counts the player
 * requests the demo server receives. Budget: exactly 20. When a busy machine stretches a
 * name's hovers past the lifetime and the count is off, the figure is reported as not
 * measured rather than as a verdict.
 */

import { PLAYER_LIFETIME_MS } from '../../utils/limits';
import { type BenchEnv, demoNames } from '../lib/env';
import type { Measured } from '../lib/figures';
import { hoverUntilCard } from '../lib/forum';
import { HOVER_PAGE } from './hover-card';

const NAMES = 20;
const HOVERS_PER_NAME = 3;

export async function measureHoverRequests(env: BenchEnv): Promise<Measured> {
  const names = demoNames(env.demo, 0, NAMES);
  const page = await env.context.newPage();
  try {
    await page.goto(`${env.demo.url}${HOVER_PAGE}`);
    env.demo.clearLog();
    const started = Date.now();
    const firstHover = new Map<string, number>();
    let longestSpan = 0;
    for (let round = 0; round < HOVERS_PER_NAME; round += 1) {
      for (const name of names) {
        const at = Date.now();
        if (!firstHover.has(name)) firstHover.set(name, at);
        longestSpan = Math.max(longestSpan, at - (firstHover.get(name) ?? at));
        await hoverUntilCard(page, name);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const requests = env.demo.log().filter((entry) => entry.endpoint === 'player').length;
    if (longestSpan >= PLAYER_LIFETIME_MS && requests !== NAMES) {
      throw new Error(
        `A name's hovers spanned ${(longestSpan / 1000).toFixed(1)} s, past the ${PLAYER_LIFETIME_MS / 1000} s cache lifetime (a very busy machine): ${requests} requests is not a verdict; run again`,
      );
    }
    return {
      id: 'requests-hover',
      label: `Player requests, ${NAMES} names hovered ${HOVERS_PER_NAME} times each`,
      value: requests,
      unit: 'requests',
      budget: { op: '=', limit: NAMES },
      note: `player requests logged by the demo server; the ${NAMES * HOVERS_PER_NAME} hovers took ${seconds.toFixed(1)} s, a name's first to last hover at most ${(longestSpan / 1000).toFixed(1)} s apart (the cache keeps a player 30 s)`,
    };
  } finally {
    await page.close();
  }
}

/**
 * Forum page script time with 10,000 usernames: Chrome's ScriptDuration while the demo's
 * 10,000-post XenForo thread loads, on the added forum site (127.0.0.1, the content script
 * runs) and on the same page where the site was not added (localhost, same server: the
 * content script is not injected). Figure: median(added) − median(not added), budget < 20 ms.
 */
import type { BenchEnv } from '../lib/env';
import type { Measured } from '../lib/figures';
import { scriptDuration } from '../lib/forum';
import { median, round } from '../lib/stats';

export const FORUM_POSTS = 10_000;

export async function measureForumScriptTime(env: BenchEnv): Promise<Measured> {
  const port = new URL(env.demo.url).port;
  const path = `/forum/xenforo?count=${FORUM_POSTS}`;
  const added = `http://127.0.0.1:${port}${path}`;
  const notAdded = `http://localhost:${port}${path}`;
  // Warm-up (HTTP cache, compilation caches) on both sides, not counted.
  await scriptDuration(env.context, added, true);
  await scriptDuration(env.context, notAdded, false);
  const withScript: number[] = [];
  const without: number[] = [];
  for (let run = 0; run < env.runs; run += 1) {
    withScript.push(await scriptDuration(env.context, added, true));
    without.push(await scriptDuration(env.context, notAdded, false));
  }
  const baseline = median(without);
  return {
    id: 'forum-script-time',
    label: `Forum page script time, ${FORUM_POSTS.toLocaleString('en')} usernames, extra`,
    value: round(median(withScript) - baseline),
    unit: 'ms',
    baseline: round(baseline),
    baselineLabel: 'same page, site not added',
    budget: { op: '<', limit: 20 },
    samples: withScript.map((ms) => round(ms)),
    note: `ScriptDuration (CDP Performance.getMetrics) per page load, ${env.runs} loads per side after one warm-up; median ${round(median(withScript))} ms added vs ${round(baseline)} ms not added (runs not added: ${without.map((ms) => round(ms)).join(', ')}); minimums ${round(Math.min(...withScript))} vs ${round(Math.min(...without))} ms`,
  };
}

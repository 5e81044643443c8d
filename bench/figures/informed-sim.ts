/**
 * The informed policy (bench/README.md, "Round-robin against learned habits"): a reference, not a
 * scheduler the extension could run. It KNOWS how each synthetic player's sessions are drawn
 * (habits-sim.ts: their habitual hours and lengths, σ, the chance a habit is played, or that they
 * are irregular or rarely online), though not the sessions themselves, and each slot checks the
 * player most likely to be, right now, in a session no check has seen yet. What it reaches with
 * the watchlist's slots is about the most any scheduler learning those habits could reach.
 *
 * That chance, for a player last looked at minute `a` and now minute `t`: the sessions that may
 * have begun since and not ended yet, Σ over s in (a, t] of (logins expected at minute s) ×
 * P(a session lasts more than t − s). Each source of logins (a habit, or the any-hour rate) has a
 * length survival that is piecewise linear (1, then falling linearly, then 0), so with prefix sums
 * of the login density g and of s·g the sum is a few subtractions per player per slot.
 */

import type { Check, SimPlayer } from './habits-sim';
import {
  HABIT_PLAYED,
  HABIT_SIGMA_MIN,
  IRREGULAR_PER_DAY,
  RARE_PER_DAY,
  SESSION_MAX,
  SESSION_MIN,
} from './habits-sim';

const MINUTE = 60_000;
const DAY_MIN = 24 * 60;

/** One source of a player's logins: their density by minute and how long such a session lasts. */
interface Source {
  /** Prefix sums of the logins expected at each minute (g) and of minute × g, from the window's start. */
  g: Float64Array;
  sg: Float64Array;
  /** Survival of a session's length d (min): 1 below `lo`, (top − d) / span up to `cut`, then 0. */
  lo: number;
  cut: number;
  top: number;
  span: number;
}

function prefixed(density: Float64Array): { g: Float64Array; sg: Float64Array } {
  const g = new Float64Array(density.length + 1);
  const sg = new Float64Array(density.length + 1);
  for (const [m, value] of density.entries()) {
    g[m + 1] = (g[m] as number) + value;
    sg[m + 1] = (sg[m] as number) + m * value;
  }
  return { g, sg };
}

/**
 * Each source of `player`'s logins over `minutes` minutes from `start` (ms); `from` is when the
 * synthetic players' days begin (habits-sim.ts `syntheticPlayers`).
 */
export function sourcesOf(player: SimPlayer, from: number, start: number, minutes: number): Source[] {
  const offset = (start - from) / MINUTE;
  if (player.kind !== 'habitual') {
    const rate = (player.kind === 'irregular' ? IRREGULAR_PER_DAY : RARE_PER_DAY) / DAY_MIN;
    return [
      {
        ...prefixed(new Float64Array(minutes).fill(rate)),
        lo: SESSION_MIN,
        cut: SESSION_MAX,
        top: SESSION_MAX,
        span: SESSION_MAX - SESSION_MIN,
      },
    ];
  }
  const norm = HABIT_PLAYED / (HABIT_SIGMA_MIN * Math.sqrt(2 * Math.PI));
  const reach = 6 * HABIT_SIGMA_MIN;
  return (player.habits ?? []).map((habit) => {
    const density = new Float64Array(minutes);
    // Each day's habit, a normal around its hour (minute m of the window is `offset + m` of the players' days).
    for (let day = Math.max(0, Math.floor((offset - reach) / DAY_MIN)); ; day += 1) {
      const centre = day * DAY_MIN + habit.at / MINUTE - offset;
      if (centre - reach > minutes) break;
      for (let m = Math.max(0, Math.ceil(centre - reach)); m < Math.min(minutes, centre + reach); m += 1) {
        const z = (m + 0.5 - centre) / HABIT_SIGMA_MIN;
        density[m] = (density[m] as number) + norm * Math.exp(-0.5 * z * z);
      }
    }
    // Its length: `length` × 0.6 to 1.4, clamped to 15–180 min (habits-sim.ts).
    return {
      ...prefixed(density),
      lo: Math.max(SESSION_MIN, 0.6 * habit.length),
      cut: Math.min(SESSION_MAX, 1.4 * habit.length),
      top: 1.4 * habit.length,
      span: 0.8 * habit.length,
    };
  });
}

const clampIndex = (value: number, max: number) => Math.min(max, Math.max(0, value));

/**
 * The chance that a session began after minute `a` and is still under way at minute `t` (both
 * minutes of the sources' window): about the chance of a session no check has seen yet.
 */
export function unseenChance(sources: readonly Source[], a: number, t: number): number {
  let chance = 0;
  for (const { g, sg, lo, cut, top, span } of sources) {
    const max = g.length - 1;
    const end = clampIndex(t + 1, max);
    const first = clampIndex(a + 1, max);
    // Began less than `lo` ago: still under way.
    const recent = clampIndex(Math.max(first, Math.floor(t - lo) + 1), end);
    chance += (g[end] as number) - (g[recent] as number);
    // Began `lo` to `cut` ago: under way with chance (top − (t − s)) / span.
    const older = clampIndex(Math.max(first, Math.floor(t - cut) + 1), recent);
    if (older < recent)
      chance +=
        ((top - t) * ((g[recent] as number) - (g[older] as number)) +
          ((sg[recent] as number) - (sg[older] as number))) /
        span;
  }
  return chance;
}

export interface InformedOptions {
  /** The chance is weighed by (minutes since last looked at)^this (0: the chance alone). */
  sinceWeight?: number;
  /** After a check that found the player online, the next session is counted from this many minutes on. */
  onlineHold?: number;
}

/** Up to this many watched players the bound's best variant weighs the time since last looked at. */
const INFORMED_SMALL_LIST = 50;

/**
 * The informed policy's options, the best of the variants tried at each size (bench/README.md):
 * the next session counted from an hour after a look that found the player online; in a list of
 * up to INFORMED_SMALL_LIST, the chance weighed by √(time since last looked at).
 */
export const informedOptions = (watched: number): InformedOptions =>
  watched <= INFORMED_SMALL_LIST ? { onlineHold: 60, sinceWeight: 0.5 } : { onlineHold: 60 };

/**
 * The informed policy's checks in `slots` (ms, oldest first) from `start` on: every player taken as
 * last looked at, offline, at `start`, so start it a while before what is measured.
 */
export function replayInformed(
  players: readonly SimPlayer[],
  slots: readonly number[],
  from: number,
  start: number,
  options: InformedOptions = {},
): Check[] {
  const { sinceWeight = 0, onlineHold = 0 } = options;
  const inWindow = slots.filter((at) => at >= start);
  const minutes = Math.ceil(((inWindow.at(-1) ?? start) - start) / MINUTE) + 2;
  const sources = players.map((player) => sourcesOf(player, from, start, minutes));
  // Minute from which a session not yet seen may have begun, per player.
  const since = players.map(() => 0);
  const lastAt = players.map(() => 0);
  const checks: Check[] = [];
  for (const at of inWindow) {
    const t = Math.floor((at - start) / MINUTE);
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < players.length; i += 1) {
      let value = unseenChance(sources[i] as Source[], since[i] as number, t);
      if (sinceWeight !== 0) value *= Math.max(1, t - (lastAt[i] as number)) ** sinceWeight;
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    const player = players[best];
    if (player === undefined) continue;
    const online = player.sessions.some((session) => session.start <= at && at < session.end);
    since[best] = online ? t + onlineHold : t;
    lastAt[best] = t;
    checks.push({ at, uuid: player.uuid });
  }
  return checks;
}

/**
 * Issue 37, the habits model: how much of the gap to the informed bound is what the model learns,
 * and how much how the policy chooses. The learned policy's scoring (watch-priority.ts
 * `nextToCheck`) replayed on the learned run's own watchlist slots with the model replaced by each
 * player's TRUE login rates per hour and mean session (habits-sim.ts's generator), beside the
 * learned policy and the informed bound on the same slots; and the model the run had learned by
 * the measured week, frozen, as it is and with its rates or its sessions made true (which part
 * of the learning counts). Bench-only, not a figure:
 * `npx tsx bench/figures/learn-diagnosis.ts` (LISTS=0-9, WATCHED=20, COUNT_SHAPE=demo|quiet).
 */

import { leastRecentlyChecked } from '../../entrypoints/background/scheduler/rotation';
import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import {
  freshHabits,
  type Habit,
  type Habits,
  hourOf,
  learn,
  loginRates,
  type Observed,
  PRIOR_SESSION_MINUTES,
} from '../../utils/scheduler/habits';
import { nextToCheck } from '../../utils/scheduler/watch-priority';
import { median, percentile, round } from '../lib/stats';
import {
  DEMO_COUNT,
  LEARN_DAYS,
  listPlayers,
  MEASURED_DAYS,
  QUIET_COUNT,
  SEED,
  simulateList,
} from './count-pace-sim';
import {
  type Check,
  type Detection,
  detections,
  HABIT_PLAYED,
  HABIT_SIGMA_MIN,
  IRREGULAR_PER_DAY,
  observe,
  onlineAt,
  RARE_PER_DAY,
  SESSION_MAX,
  SESSION_MIN,
  type SimPlayer,
} from './habits-sim';
import { informedOptions, replayInformed } from './informed-sim';
import { SIM_START } from './scheduler-sim';

/** A player's true logins per hour of the day (UTC) and mean session (min), from the generator. */
export function trueHabit(player: SimPlayer): { rates: number[]; minutes: number } {
  const rates = Array<number>(24).fill(0);
  if (player.kind !== 'habitual') {
    const perDay = player.kind === 'irregular' ? IRREGULAR_PER_DAY : RARE_PER_DAY;
    return { rates: rates.map(() => perDay / 24), minutes: (SESSION_MIN + SESSION_MAX) / 2 };
  }
  let minutes = 0;
  const habits = player.habits ?? [];
  for (const habit of habits) {
    for (let m = -6 * HABIT_SIGMA_MIN; m < 6 * HABIT_SIGMA_MIN; m += 1) {
      const z = (m + 0.5) / HABIT_SIGMA_MIN;
      const hour = hourOf(SIM_START + habit.at + m * MINUTE_MS + DAY_MS);
      rates[hour] =
        (rates[hour] as number) +
        (HABIT_PLAYED * Math.exp(-0.5 * z * z)) / (HABIT_SIGMA_MIN * Math.sqrt(2 * Math.PI));
    }
    // E[clamp(length × U(0.6, 1.4), 15, 180)], numerically.
    let sum = 0;
    for (let i = 0; i < 100; i += 1)
      sum += Math.min(SESSION_MAX, Math.max(SESSION_MIN, habit.length * (0.6 + (0.8 * (i + 0.5)) / 100)));
    minutes += sum / 100 / habits.length;
  }
  return { rates, minutes };
}

/** Each player's login rates per hour of the day and mean session (min), as a model gives them. */
export type Given = (player: SimPlayer) => { rates: number[]; minutes: number };

/** nextToCheck on `slots` with a model that never learns: `given` (the truth, by default). */
export function replayTrue(
  players: readonly SimPlayer[],
  slots: readonly number[],
  given: Given = trueHabit,
): Check[] {
  const uuids = players.map((player) => player.uuid);
  const byUuid = new Map(players.map((player) => [player.uuid, player]));
  const rateOf = new Map<Habit, number[]>();
  const model: Habits = { turn: 0, players: {} };
  for (const player of players) {
    const { rates, minutes } = given(player);
    const habit: Habit = { since: SIM_START, logins: Array(24).fill(0), minutes };
    model.players[player.uuid] = habit;
    rateOf.set(habit, rates);
  }
  const checkedAt: Record<string, number> = {};
  const last: Record<string, Observed> = {};
  const checks: Check[] = [];
  let habits = model;
  for (const at of slots) {
    const choice = nextToCheck({
      players: uuids,
      checkedAt,
      roundRobin: leastRecentlyChecked,
      last,
      habits,
      now: at,
      rates: (habit) => rateOf.get(habit as Habit) ?? [],
    });
    habits = { ...habits, turn: choice.turn };
    const uuid = choice.uuid;
    if (uuid === undefined) continue;
    checkedAt[uuid] = at;
    last[uuid] = { online: onlineAt(byUuid.get(uuid)?.sessions ?? [], at), checkedAt: at };
    checks.push({ at, uuid });
  }
  return checks;
}

/** The model the learned run had learned by `until`, from its own checks (as the run learned it). */
function learnedBy(players: readonly SimPlayer[], checks: readonly Check[], until: number): Habits {
  const byUuid = new Map(players.map((player) => [player.uuid, player]));
  const last: Record<string, Observed> = {};
  let habits = freshHabits();
  for (const { at, uuid } of checks) {
    if (at >= until) break;
    const seen = observe(byUuid.get(uuid)?.sessions ?? [], at);
    habits = learn(habits, uuid, last[uuid], seen);
    last[uuid] = seen;
  }
  return habits;
}

const outcome = (list: readonly Detection[]) => {
  const delays = list.flatMap((one) => one.delays);
  const sessions = list.reduce((sum, one) => sum + one.sessions, 0);
  const never = list.reduce((sum, one) => sum + one.neverSeen, 0);
  return `${round(median(delays), 1)} / ${round(percentile(delays, 95), 1)} min, ${round((100 * never) / Math.max(1, sessions), 1)} %`;
};

async function main(): Promise<void> {
  const [first, lastList] = (process.env.LISTS ?? '0-9').split('-').map(Number) as [number, number];
  const watched = Number(process.env.WATCHED ?? 20);
  const shape = process.env.COUNT_SHAPE === 'quiet' ? QUIET_COUNT : DEMO_COUNT;
  const from = SIM_START + LEARN_DAYS * DAY_MS;
  const to = SIM_START + (LEARN_DAYS + MEASURED_DAYS) * DAY_MS - 2 * 3_600_000;
  const found: Record<string, Detection[]> = {
    learned: [],
    informed: [],
    truth: [],
    frozen: [],
    'true rates, learned minutes': [],
    'learned rates, true minutes': [],
  };
  let slotsPerHour = 0;
  for (let index = first; index <= lastList; index += 1) {
    const players = listPlayers(watched, index);
    const run = await simulateList('automatic', players, shape, SEED + 7 * index);
    const slots = run.requests
      .filter((request) => request.stream === 'watchlist')
      .map((request) => request.at);
    slotsPerHour += slots.filter((at) => at >= from).length / (MEASURED_DAYS * 24);
    found.learned?.push(detections(players, run.checks, from, to));
    found.informed?.push(
      detections(
        players,
        replayInformed(players, slots, SIM_START, from - DAY_MS, informedOptions(watched)),
        from,
        to,
      ),
    );
    found.truth?.push(detections(players, replayTrue(players, slots), from, to));
    // The model learned by the measured week, frozen: as it is, and with one part the truth.
    const learned = learnedBy(players, run.checks, from);
    const model = (player: SimPlayer) => ({
      rates: loginRates(learned.players[player.uuid], from),
      minutes: learned.players[player.uuid]?.minutes ?? PRIOR_SESSION_MINUTES,
    });
    const mixed =
      (part: 'rates' | 'minutes'): Given =>
      (player) => ({ ...model(player), [part]: trueHabit(player)[part] });
    found.frozen?.push(detections(players, replayTrue(players, slots, model), from, to));
    found['true rates, learned minutes']?.push(
      detections(players, replayTrue(players, slots, mixed('rates')), from, to),
    );
    found['learned rates, true minutes']?.push(
      detections(players, replayTrue(players, slots, mixed('minutes')), from, to),
    );
    console.error(`list ${index} done`);
  }
  const lists = lastList - first + 1;
  console.log(
    `lists ${first}-${lastList}, watched ${watched}, watchlist ${round(slotsPerHour / lists, 1)}/h`,
  );
  for (const [name, list] of Object.entries(found))
    if (list.length > 0) console.log(`${name}: ${outcome(list)}`);
  console.log(JSON.stringify(found));
}

if (process.argv[1]?.endsWith('learn-diagnosis.ts')) await main();

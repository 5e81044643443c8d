// Goals: one synced item per player and stat, versioned and merged key by key
// (docs/architecture.md, "Synced data" and "Goals (issue 35)"), bounded by MAX_GOALS.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import {
  GOAL_ITEM_VERSION,
  getGoals,
  goalKey,
  markGoalReached,
  type NewGoal,
  parseGoalKey,
  removeGoal,
  setGoal,
} from '@/utils/goals/goal-store';
import { MAX_GOALS } from '@/utils/limits';

const T = 1_790_000_000_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const kills = (n: number, target = 1000): NewGoal => ({
  uuid: uuidOf(n),
  name: 'Notch',
  stat: 'kills',
  kind: 'value',
  target,
  start: 10,
});

let browsers: TwoBrowsers;
beforeEach(() => {
  fakeBrowser.reset();
  browsers = twoBrowsers({ quotas: { MAX_WRITE_OPERATIONS_PER_MINUTE: Number.POSITIVE_INFINITY } });
});
afterEach(() => browsers.restore());

describe('a goal', () => {
  it('is one sync item per player and stat, versioned', async () => {
    const { a } = browsers;
    expect(await a.run(() => setGoal(kills(1), T))).toBe('saved');
    expect(a.sync.data.get(goalKey(uuidOf(1), 'kills'))).toEqual({
      name: 'Notch',
      stat: 'kills',
      kind: 'value',
      target: 1000,
      start: 10,
      setAt: T,
      updatedAt: T,
      v: GOAL_ITEM_VERSION,
    });
    expect((await a.run(() => getGoals())).goals).toEqual([
      {
        uuid: uuidOf(1),
        name: 'Notch',
        stat: 'kills',
        kind: 'value',
        target: 1000,
        start: 10,
        setAt: T,
        updatedAt: T,
      },
    ]);
  });

  it('a position goal on a stat with no leaderboard, or past 100, is refused and nothing written', async () => {
    const { a } = browsers;
    expect(
      await a.run(() => setGoal({ ...kills(1), stat: 'playtime', kind: 'position', target: 10 }, T)),
    ).toBe('failed');
    expect(await a.run(() => setGoal({ ...kills(1), kind: 'position', target: 101 }, T))).toBe('failed');
    expect(a.sync.data.size).toBe(0);
  });

  it('fields a newer release added survive an edit, and its version; the reached date is kept once', async () => {
    const { a } = browsers;
    a.sync.data.set(goalKey(uuidOf(1), 'kills'), {
      ...kills(1),
      setAt: T,
      updatedAt: T,
      v: 3,
      colour: 'gold',
    });
    expect(await a.run(() => markGoalReached(uuidOf(1), 'kills', T + 5))).toBe(true);
    expect(await a.run(() => markGoalReached(uuidOf(1), 'kills', T + 9))).toBe(false);
    expect(a.sync.data.get(goalKey(uuidOf(1), 'kills'))).toMatchObject({
      v: 3,
      colour: 'gold',
      reachedAt: T + 5,
    });
    await a.run(() => setGoal(kills(1, 2000), T + 10));
    const stored = a.sync.data.get(goalKey(uuidOf(1), 'kills')) as Record<string, unknown>;
    expect(stored).toMatchObject({ v: 3, colour: 'gold', target: 2000, setAt: T + 10 });
    // A new target starts afresh: the old one's reached date does not carry over.
    expect(stored.reachedAt).toBeUndefined();
  });

  it('keys name a UUID and a known stat only', () => {
    expect(parseGoalKey(goalKey(uuidOf(1), 'shards'))).toEqual({ uuid: uuidOf(1), stat: 'shards' });
    expect(parseGoalKey(`goal:${uuidOf(1)}:deaths`)).toBeUndefined();
    expect(parseGoalKey('goal:not-a-uuid:kills')).toBeUndefined();
    expect(parseGoalKey(`goal:${uuidOf(1)}:kills:extra`)).toBeUndefined();
  });
});

describe(`at most ${MAX_GOALS} goals`, () => {
  it('one past the limit is refused as full; replacing one still works; an unreadable item counts', async () => {
    const { a } = browsers;
    for (let n = 0; n < MAX_GOALS - 1; n += 1)
      expect(await a.run(() => setGoal(kills(n), T + n))).toBe('saved');
    // A newer release's goal this one cannot read: it takes a place all the same.
    a.sync.data.set(goalKey(uuidOf(900), 'balance'), { kind: 'streak', v: 2 });
    expect(await a.run(() => setGoal(kills(MAX_GOALS), T))).toBe('full');
    expect(await a.run(() => setGoal(kills(0, 5000), T + 100))).toBe('saved');
    const stored = await a.run(() => getGoals());
    expect(stored.count).toBe(MAX_GOALS);
    expect(stored.goals).toHaveLength(MAX_GOALS - 1);
  });

  it('a write sync refuses is said as which limit refused it', async () => {
    browsers.restore();
    browsers = twoBrowsers({ quotas: { MAX_ITEMS: 1 } });
    const { a } = browsers;
    await a.run(() => setGoal(kills(1), T));
    expect(await a.run(() => setGoal(kills(2), T))).toBe('room');
  });
});

describe('goals in two browsers', () => {
  it('goals on different players at once: both browsers keep both', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setGoal(kills(1), T));
    await b.run(() => setGoal({ ...kills(2), stat: 'balance', target: 1_000_000 }, T));
    await deliver();
    for (const browser of [a, b]) {
      const { goals } = await browser.run(() => getGoals());
      expect(goals.map((goal) => `${goal.uuid}:${goal.stat}`).sort()).toEqual([
        `${uuidOf(1)}:kills`,
        `${uuidOf(2)}:balance`,
      ]);
    }
  });

  it('the same goal set in both before sync met is one goal, the later one', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setGoal(kills(1, 500), T));
    await b.run(() => setGoal(kills(1, 800), T + 1));
    await deliver();
    for (const browser of [a, b]) {
      const { goals } = await browser.run(() => getGoals());
      expect(goals.map((goal) => goal.target)).toEqual([800]);
    }
  });

  it('a goal removed in one browser is removed in the other', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setGoal(kills(1), T));
    await deliver();
    await b.run(() => removeGoal(uuidOf(1), 'kills'));
    await deliver();
    expect((await a.run(() => getGoals())).goals).toEqual([]);
  });
});

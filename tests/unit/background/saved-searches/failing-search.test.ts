import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuctionSearchRequest } from '@/entrypoints/background/gateway/gateway';
import { createSavedSearchChecks } from '@/entrypoints/background/saved-searches/saved-search-checks';
import { createSavedSearchStream } from '@/entrypoints/background/saved-searches/saved-search-stream';
import { fail, makeListing, makeSearch, ok } from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import { getSearchStates, parseSearchStates } from '@/utils/saved-searches/search-state';

/**
 * Issue 33, point 1, for saved searches: one search with a lasting error (a 400 for its text,
 * a malformed listing) must not take every alert slot, nor back the stream off.
 */

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

async function setup(texts: readonly string[], failing: (text: string) => ApiError | undefined) {
  const world = { clock: T0, asked: [] as string[] };
  const auctionSearch = vi.fn(async (request: AuctionSearchRequest) => {
    world.asked.push(request.item);
    const error = failing(request.item);
    return error ? fail(error) : ok(makeSearch([makeListing({ id: 1, price: 50 })]), world.clock);
  });
  const checks = createSavedSearchChecks({
    gateway: { auctionSearch },
    announce: async () => undefined,
    now: () => world.clock,
  });
  const ids: string[] = [];
  for (const text of texts) {
    const saved = await checks.save({ text, sort: 'recent' });
    if (!saved.ok) throw new Error(saved.message);
    ids.push(saved.search.id);
    await checks.setAlert(saved.search.id, 10);
  }
  world.asked = [];
  const stream = createSavedSearchStream({ checks });
  const run = async (times: number, every = 5 * MINUTE) => {
    const results = [];
    for (let i = 0; i < times; i += 1) {
      world.clock += every;
      results.push(await stream.run());
    }
    return results;
  };
  return { world, ids, checks, run };
}

describe('a saved search whose checks keep failing', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  for (const error of [
    { kind: 'bad-request', message: 'item: too long' },
    { kind: 'bad-response', detail: 'results.17.price: expected number' },
    { kind: 'unavailable' },
  ] as const satisfies readonly ApiError[]) {
    it(`does not take every alert slot (${error.kind}): the others are checked in turn`, async () => {
      const texts = ['a', 'b', 'c', 'd'];
      const { world, run } = await setup(texts, (text) => (text === 'c' ? error : undefined));
      await run(12 * texts.length);
      // On the code before the fix: c c c c … from its first failure.
      expect(world.asked.slice(0, 6)).not.toEqual(['c', 'c', 'c', 'c', 'c', 'c']);
      const window = 2 * texts.length;
      for (let from = 0; from + window <= world.asked.length; from += 1) {
        const seen = new Set(world.asked.slice(from, from + window));
        for (const text of ['a', 'b', 'd']) expect(seen.has(text)).toBe(true);
      }
      const tries = world.asked.filter((text) => text === 'c').length;
      expect(tries).toBeGreaterThan(0);
      expect(tries).toBeLessThan(world.asked.filter((text) => text === 'a').length);
    });
  }

  it('does not back off the stream while the others answer; a failing server still does', async () => {
    const one = await setup(['a', 'b', 'c'], (text) =>
      text === 'b' ? { kind: 'bad-request', message: 'x' } : undefined,
    );
    expect((await one.run(20)).every((result) => result.ok)).toBe(true);
    fakeBrowser.reset();
    const all = await setup(['a', 'b', 'c'], () => ({ kind: 'unavailable' }));
    expect((await all.run(4)).slice(1).every((result) => !result.ok)).toBe(true);
  });

  it('keeps the failure in the search state and shows it with the search', async () => {
    const { world, ids, checks, run } = await setup(['a', 'b'], (text) =>
      text === 'a' ? { kind: 'bad-response', detail: 'results.3: expected object' } : undefined,
    );
    await run(1);
    const failure = (await getSearchStates())[ids[0] as string]?.failure;
    // Tried first by the baseline check when its alert was set; resting since, so `b` went next.
    expect(failure).toMatchObject({ failures: 1, failure: 'bad-response', triedAt: T0 });
    expect(failure?.retryAt).toBeGreaterThan(T0 + 5 * MINUTE);
    expect(world.asked).toEqual(['b']);
    const listed = await checks.list();
    expect(listed[0]?.failing).toMatchObject({ failures: 1, failure: 'bad-response' });
    expect(listed[1]?.failing).toBeUndefined();
  });

  it('an answer ends the failure: the search is shown and checked as any other', async () => {
    let broken = true;
    const { world, ids, checks, run } = await setup(['a', 'b'], (text) =>
      text === 'a' && broken ? { kind: 'unavailable' } : undefined,
    );
    broken = false;
    // Past its retry (10 min after the baseline's failure): a is tried, and answers.
    await run(4);
    expect(world.asked).toContain('a');
    expect((await getSearchStates())[ids[0] as string]?.failure).toBeUndefined();
    expect((await checks.list())[0]?.failing).toBeUndefined();
  });

  it('a state whose failure this release cannot read is still read, as not failing', () => {
    const states = parseSearchStates({
      a: {
        last: null,
        seen: [1],
        baselineFor: 5,
        baselineRev: null,
        failure: { failures: -1, failure: 'gone' },
      },
    });
    expect(states.a?.seen).toEqual([1]);
    expect(states.a?.failure).toBeUndefined();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createReminders, type RemindersDeps } from '@/entrypoints/background/reminders/reminders-feature';
import type { AuctionListing, AuctionSearch } from '@/utils/api/schemas';
import type { Reply } from '@/utils/messages';
import { REMINDERS_KEY, REMINDERS_MAX } from '@/utils/reminders/reminder';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 12);

function listing(id: number, seller = 'Notch', price = 640): AuctionListing {
  return {
    id,
    seller,
    material: 'DIAMOND',
    display_name: 'Diamond',
    amount: 64,
    price,
    formatted_price: String(price),
    created_at_epoch: 0,
    expires_at_epoch: 0,
    time_left_seconds: 600,
  };
}

function answer(results: AuctionListing[], total = results.length): Reply<AuctionSearch> {
  return { ok: true, data: { count: results.length, total_matching: total, results }, fetchedAt: T0 };
}

function setup(overrides: Partial<RemindersDeps> = {}) {
  let clock = T0;
  const stored: Record<string, unknown> = {};
  const alarms = new Map<string, number>();
  const shown: { id: string; message: string }[] = [];
  let pause = 0;
  const search = vi.fn(async (_request: { item: string }) => answer([listing(1), listing(2)]));
  const deps: RemindersDeps = {
    gateway: { auctionSearch: search, rateLimitSecondsLeft: () => pause },
    display: {
      show: async (id, content) => {
        shown.push({ id, message: content.message });
        return true;
      },
    },
    store: {
      get: async (key) => structuredClone(stored[key]),
      set: async (items) => void Object.assign(stored, structuredClone(items)),
    },
    alarms: {
      create: (name, { when }) => void alarms.set(name, when),
      clear: async (name) => alarms.delete(name),
    },
    minutes: async () => 5,
    openSearch: vi.fn(async () => undefined),
    now: () => clock,
    ...overrides,
  };
  const reminders = createReminders(deps);
  const set = (id: number, secondsLeft: number, on = true) =>
    reminders.handlers['set-reminder'](
      { type: 'set-reminder', id, item: 'Diamond', seller: 'Notch', price: 640, secondsLeft, on },
      {},
    );
  const list = async () => (await reminders.handlers.reminders({ type: 'reminders' }, {})).reminders;
  return {
    reminders,
    deps,
    stored,
    alarms,
    shown,
    search,
    set,
    list,
    at: (ms: number) => {
      clock = ms;
    },
    pauseFor: (seconds: number) => {
      pause = seconds;
    },
    fire: (id: number) => reminders.handleAlarm({ name: `reminder:${id}` }),
  };
}

describe('ending-soon reminders', () => {
  it('arms one alarm at end − N minutes, and Remind me off removes it and its reminder', async () => {
    const r = setup();
    expect(await r.set(1, 60 * 60)).toEqual({ ok: true });
    expect(r.alarms.get('reminder:1')).toBe(T0 + 60 * MIN - 5 * MIN);
    expect((await r.list()).map((entry) => [entry.id, entry.state, entry.endsAt])).toEqual([
      [1, 'waiting', T0 + 60 * MIN],
    ]);
    await r.set(1, 60 * 60, false);
    expect(r.alarms.has('reminder:1')).toBe(false);
    expect(await r.list()).toEqual([]);
  });

  it('a listing ending sooner than N is checked at once', async () => {
    const r = setup();
    await r.set(1, 120);
    expect(r.alarms.get('reminder:1')).toBe(T0);
  });

  it('at its time: one search by the seller, then "ends in N min at <price>"', async () => {
    const r = setup();
    await r.set(1, 60 * 60);
    r.at(T0 + 55 * MIN);
    await r.fire(1);
    expect(r.search).toHaveBeenCalledTimes(1);
    expect(r.search.mock.calls[0]?.[0]).toMatchObject({ item: 'Notch', fresh: true });
    expect(r.shown).toEqual([{ id: 'reminder:1', message: 'Diamond by Notch ends in 5 min at 640' }]);
    expect((await r.list())[0]?.state).toBe('reminded');
    // A second ring (a restart) announces nothing more.
    await r.fire(1);
    expect(r.shown).toHaveLength(1);
  });

  it('a listing no longer found is "gone: sold or cancelled"', async () => {
    const r = setup();
    await r.set(3, 60 * 60);
    r.at(T0 + 55 * MIN);
    await r.fire(3);
    expect(r.shown).toEqual([{ id: 'reminder:3', message: 'Diamond by Notch is gone: sold or cancelled' }]);
    expect((await r.list())[0]?.state).toBe('gone');
  });

  it('a cut answer that lacks the listing is "not checked", never "gone"', async () => {
    const r = setup({
      gateway: { auctionSearch: async () => answer([listing(2)], 500), rateLimitSecondsLeft: () => 0 },
    });
    await r.set(3, 60 * 60);
    r.at(T0 + 55 * MIN);
    await r.fire(3);
    expect((await r.list())[0]?.state).toBe('unchecked');
  });

  it('restart: the alarms are armed again from storage, ended reminders pruned', async () => {
    const first = setup();
    await first.set(1, 60 * 60);
    await first.set(2, 10 * 60);
    const second = setup();
    Object.assign(second.stored, first.stored);
    second.at(T0 + 20 * MIN);
    await second.reminders.restore();
    expect([...second.alarms]).toEqual([['reminder:1', T0 + 55 * MIN]]);
    expect((second.stored[REMINDERS_KEY] as { id: number }[]).map((entry) => entry.id)).toEqual([1]);
  });

  it('due while the browser was closed: checked at start if still before its end', async () => {
    const first = setup();
    await first.set(1, 60 * 60);
    const second = setup();
    Object.assign(second.stored, first.stored);
    second.at(T0 + 58 * MIN);
    await second.reminders.restore();
    expect(second.alarms.get('reminder:1')).toBe(T0 + 58 * MIN);
    await second.fire(1);
    expect(second.shown.map((entry) => entry.message)).toEqual(['Diamond by Notch ends in 2 min at 640']);
  });

  it('past its end when it rings: dropped silently', async () => {
    const r = setup();
    await r.set(1, 60 * 60);
    r.at(T0 + 61 * MIN);
    await r.fire(1);
    expect(r.search).not.toHaveBeenCalled();
    expect(r.shown).toEqual([]);
    expect(r.stored[REMINDERS_KEY]).toEqual([]);
  });

  it('during a 429 pause the request waits for its end; past the listing\'s end it says "not checked"', async () => {
    const r = setup();
    await r.set(1, 60 * 60);
    await r.set(2, 60 * 60 - 4 * 60);
    r.at(T0 + 55 * MIN);
    r.pauseFor(60);
    await r.fire(1);
    expect(r.search).not.toHaveBeenCalled();
    expect(r.alarms.get('reminder:1')).toBe(T0 + 56 * MIN);
    // Listing 2 ends in 1 min, the pause lasts 60 s more: it cannot be checked before its end.
    r.at(T0 + 55 * MIN);
    r.pauseFor(120);
    await r.fire(2);
    expect(r.search).not.toHaveBeenCalled();
    expect(r.shown.map((entry) => entry.message)).toEqual([
      'Diamond by Notch ends in 1 min at 640. It could not be checked that it is still listed.',
    ]);
    r.pauseFor(0);
    r.at(T0 + 56 * MIN);
    await r.fire(1);
    expect(r.search).toHaveBeenCalledTimes(1);
    expect(r.shown.at(-1)?.message).toBe('Diamond by Notch ends in 4 min at 640');
  });

  it('a 429 answer to its own request: waits for the pause', async () => {
    let pause = 0;
    const r = setup({
      gateway: {
        auctionSearch: async () => {
          pause = 30;
          return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: 30 } };
        },
        rateLimitSecondsLeft: () => pause,
      },
    });
    await r.set(1, 60 * 60);
    r.at(T0 + 55 * MIN);
    await r.fire(1);
    expect(r.shown).toEqual([]);
    expect(r.alarms.get('reminder:1')).toBe(T0 + 55 * MIN + 30_000);
  });

  it("one reminder's failing request keeps every other reminder on time", async () => {
    const search = vi.fn(async ({ item }: { item: string }) =>
      item === 'Broken'
        ? ({ ok: false, error: { kind: 'offline' } } as const)
        : answer([listing(2, 'Notch')]),
    );
    const r = setup({ gateway: { auctionSearch: search, rateLimitSecondsLeft: () => 0 } });
    await r.reminders.handlers['set-reminder'](
      {
        type: 'set-reminder',
        id: 1,
        item: 'Diamond',
        seller: 'Broken',
        price: 1,
        secondsLeft: 3600,
        on: true,
      },
      {},
    );
    await r.set(2, 3600);
    r.at(T0 + 55 * MIN);
    await Promise.all([r.fire(1), r.fire(2)]);
    expect(r.shown.map((entry) => entry.message).sort()).toEqual([
      'Diamond by Broken ends in 5 min at 1. It could not be checked that it is still listed.',
      'Diamond by Notch ends in 5 min at 640',
    ]);
    expect((await r.list()).map((entry) => entry.state)).toEqual(['unchecked', 'reminded']);
  });

  it(`at most ${REMINDERS_MAX}: the next is refused with a sentence`, async () => {
    const r = setup();
    for (let id = 1; id <= REMINDERS_MAX; id += 1) await r.set(id, 3600);
    const refused = await r.set(REMINDERS_MAX + 1, 3600);
    expect(refused).toEqual({
      ok: false,
      message: `You have ${REMINDERS_MAX} reminders, the most at once. Remove one to add another.`,
    });
    expect(await r.list()).toHaveLength(REMINDERS_MAX);
  });

  it('hostile stored values are dropped, the readable ones kept', async () => {
    const r = setup();
    r.stored[REMINDERS_KEY] = [
      null,
      'x',
      { id: -1, item: 'a', seller: 'b', price: 1, endsAt: T0 + MIN, state: 'waiting' },
      { id: 5, item: 'a', seller: '', price: 1, endsAt: T0 + MIN, state: 'waiting' },
      { id: 6, item: 'a', seller: 'b', price: 1, endsAt: T0 + MIN, state: 'exploded' },
      { id: 7, item: '<img src=x>', seller: 'b', price: 1, endsAt: T0 + 60 * MIN, state: 'waiting' },
    ];
    await r.reminders.restore();
    expect((await r.list()).map((entry) => entry.id)).toEqual([7]);
    r.stored[REMINDERS_KEY] = { not: 'a list' };
    expect(await r.list()).toEqual([]);
    await r.reminders.handleAlarm({ name: 'reminder:abc' });
    await r.reminders.handleAlarm({ name: 'background-requests' });
    expect(r.search).not.toHaveBeenCalled();
  });

  it("a click opens the Auctions tab on the seller's search", async () => {
    const r = setup();
    await r.set(1, 3600);
    await r.reminders.clicks.clicked('1', 'reminder:1');
    expect(r.deps.openSearch).toHaveBeenCalledWith('Notch');
  });
});

describe('an alarm rung twice at once', () => {
  it('sends one request', async () => {
    const r = setup();
    await r.set(1, 60 * 60);
    r.at(T0 + 55 * MIN);
    await Promise.all([r.fire(1), r.fire(1)]);
    expect(r.search).toHaveBeenCalledTimes(1);
    expect(r.shown).toHaveLength(1);
  });
});

describe('a start with no reminders', () => {
  it('writes nothing and arms nothing', async () => {
    const r = setup();
    await r.reminders.restore();
    expect(Object.keys(r.stored)).toEqual([]);
    expect(r.alarms.size).toBe(0);
  });
});

// @vitest-environment node
// Issue 33, suspicions: answers the user's look-ups hand to the watchlist (the gateway's observer
// hook) are dated when they were fetched, and an answer older than the status kept is not one.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createGateway } from '@/entrypoints/background/gateway/gateway';
import { createCheckNow } from '@/entrypoints/background/watchlist/check-now';
import { createWatchObserver } from '@/entrypoints/background/watchlist/observer';
import { json } from '@/tests/fixtures/http';
import { deferred, makePlayer } from '@/tests/fixtures/players';
import type { Player } from '@/utils/api/schemas';
import { PLAYER_LIFETIME_MS } from '@/utils/limits';
import { getStatuses } from '@/utils/watchlist/status';
import { addWatched } from '@/utils/watchlist/watched';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const UUID = '00000000-0000-4000-8000-000000000001';
const NAME = 'Notch';

let clock = T0;
/** Requests that reached the API, by path; each waits for its answer when `held` says so. */
let sent: string[] = [];
let online = true;
let held: ((player: Player) => void)[] = [];
let hold = false;

function wired() {
  const announced: string[] = [];
  const observer = createWatchObserver({
    now: () => clock,
    notifyEnabled: async () => true,
    online: {
      cameOnline: async (players) => void announced.push(...players.map((player) => player.name)),
      wentOffline: async () => undefined,
    },
  });
  const observedHook: Promise<unknown>[] = [];
  const gateway = createGateway({
    fetch: (async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      sent.push(path);
      const player = makePlayer({ uuid: UUID, name: NAME, online });
      if (!hold) return json(player);
      const answer = deferred<Player>();
      held.push(answer.resolve);
      return json(await answer.promise);
    }) as typeof fetch,
    now: () => clock,
    getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    rememberPlayers: async () => {},
    observePlayer: (player, options) => {
      const observed = observer.observe(player, options);
      observedHook.push(observed);
      return observed;
    },
  });
  const checkNow = createCheckNow({
    player: (uuid) => gateway.player(uuid, { fresh: true, observe: false }),
    observer,
    now: () => clock,
  });
  return { gateway, observer, checkNow, announced, hooked: () => Promise.all(observedHook) };
}

beforeEach(async () => {
  fakeBrowser.reset();
  clock = T0;
  sent = [];
  online = true;
  held = [];
  hold = false;
  await addWatched({ uuid: UUID, name: NAME }, T0 - 60_000);
});

describe('answers the user fetched, as the watchlist keeps them', () => {
  it('a cached answer counts from when it was fetched: Check now asks again once it is 30 s old', async () => {
    const { gateway, checkNow, hooked } = wired();
    await gateway.player(NAME);
    clock = T0 + PLAYER_LIFETIME_MS - 1_000;
    // The hover card again: served from the cache, fetched 29 s ago.
    await gateway.player(NAME);
    await hooked();
    expect((await getStatuses())[UUID]?.checkedAt).toBe(T0);
    clock = T0 + PLAYER_LIFETIME_MS + 1_000;
    expect(await checkNow()).toEqual({ checked: 1 });
    expect(sent).toHaveLength(2);
  });

  it('two look-ups of one player under different keys landing out of order: the older answer is not kept', async () => {
    const { gateway, observer, announced, hooked } = wired();
    await observer.observe(makePlayer({ uuid: UUID, name: NAME, online: false }), { at: T0 - 60_000 });
    // A hover card asks by name while the player is online…
    hold = true;
    const byName = gateway.player(NAME);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // …then they go offline, and the background asks by UUID: its answer lands first.
    clock = T0 + 5_000;
    online = false;
    hold = false;
    const background = await gateway.player(UUID, { observe: false });
    if (!background.ok) throw new Error('no answer');
    await observer.observe(background.data, { announce: true, at: background.fetchedAt });
    clock = T0 + 8_000;
    (held.shift() as (player: Player) => void)(makePlayer({ uuid: UUID, name: NAME, online: true }));
    await byName;
    await hooked();
    expect((await getStatuses())[UUID]).toMatchObject({ online: false, checkedAt: T0 + 5_000 });
    // Back online for real: announced, once.
    clock = T0 + 60_000;
    online = true;
    const next = await gateway.player(UUID, { observe: false, fresh: true });
    if (!next.ok) throw new Error('no answer');
    expect(await observer.observe(next.data, { announce: true, at: next.fetchedAt })).toBe('came-online');
    expect(announced).toEqual([NAME]);
  });
});

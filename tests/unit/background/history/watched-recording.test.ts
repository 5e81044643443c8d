// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Background, startBackground } from '@/entrypoints/background/start-background';
import { stubBackgroundApis } from '@/tests/fixtures/background-apis';
import { json } from '@/tests/fixtures/http';
import { createHistoryStore } from '@/utils/history/history-store';
import { apiKeyItem, updateSettings } from '@/utils/settings';
import { freshIndexedDb, player, UUID } from '../../utils/history/history-fixtures';

/**
 * start-background.ts wires the history recorder to the watchlist: a fresh answer for a watched
 * player is a snapshot (when something changed), anyone else's is not, and Check now answers
 * once its snapshots are written.
 */

const BASE = 'http://127.0.0.1:4567';
const KEY = 'demo-key';
const OTHER_UUID = '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47';

let kills = 10;
const fetch = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  if (url.pathname === '/api/players/count') return json({ online: 3 });
  if (url.pathname === `/api/player/${UUID}` || url.pathname === '/api/player/Notch')
    return json(player({}, { kills }));
  if (url.pathname === `/api/player/${OTHER_UUID}` || url.pathname === '/api/player/Steve')
    return json(player({ uuid: OTHER_UUID, name: 'Steve' }));
  return json({ error: 'nope' }, 404);
}) as typeof globalThis.fetch;

const POPUP: Browser.runtime.MessageSender = {
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
};

function send(message: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger(message, POPUP, resolve);
  });
}

let background: Background | undefined;

beforeEach(async () => {
  fakeBrowser.reset();
  freshIndexedDb();
  kills = 10;
  stubBackgroundApis();
  await updateSettings({ apiBaseUrl: BASE });
  await apiKeyItem.setValue(KEY);
});

afterEach(async () => {
  await background?.scheduler.settled();
  await background?.history?.settled();
  background = undefined;
  vi.restoreAllMocks();
});

describe('recording watched players', () => {
  it('Check now records a snapshot of a watched player when a stat changed, and answers after it is written', async () => {
    // Check now reuses answers younger than 30 s: each press here comes 31 s after the last.
    let clock = Date.now();
    const press = () => {
      clock += 31_000;
      return send({ type: 'check-watchlist-now' });
    };
    background = startBackground({ fetch, now: () => clock });
    await background.started;
    await send({ type: 'watch', uuid: UUID, name: 'Notch' });
    const store = createHistoryStore();

    expect(await press()).toMatchObject({ ok: true, data: { checked: 1 } });
    expect((await store.playerSnapshots(UUID, 0, clock + 1)).map((row) => row.kills)).toEqual([10]);

    // Nothing changed: no new snapshot.
    expect(await press()).toMatchObject({ ok: true });
    expect(await store.playerSnapshots(UUID, 0, clock + 1)).toHaveLength(1);

    kills = 22;
    expect(await press()).toMatchObject({ ok: true });
    expect((await store.playerSnapshots(UUID, 0, clock + 1)).map((row) => row.kills)).toEqual([10, 22]);
  });

  it('a look-up of a player nobody watches records nothing', async () => {
    background = startBackground({ fetch });
    await background.started;
    await send({ type: 'watch', uuid: UUID, name: 'Notch' });
    expect(await send({ type: 'player', identifier: 'Steve' })).toMatchObject({ ok: true });
    await background.history?.settled();
    expect(await createHistoryStore().playerSnapshots(OTHER_UUID, 0, Date.now() + 1)).toEqual([]);
  });
});

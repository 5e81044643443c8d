import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_RECENT_PLAYERS } from '@/utils/limits';
import { getRecentPlayers, rememberPlayers, watchRecentPlayers } from '@/utils/recent-players';

describe('recent players', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('puts new names first, once each whatever their case, and only game names', async () => {
    await rememberPlayers(['Notch', 'jeb_']);
    await rememberPlayers(['Steve', 'notch', 'not a name', '<b>x</b>']);
    expect(await getRecentPlayers()).toEqual(['Steve', 'notch', 'jeb_']);
  });

  it(`keeps the ${MAX_RECENT_PLAYERS} most recent`, async () => {
    const names = Array.from({ length: MAX_RECENT_PLAYERS + 5 }, (_, i) => `Player_${i}`);
    await rememberPlayers(names);
    const kept = await getRecentPlayers();
    expect(kept).toHaveLength(MAX_RECENT_PLAYERS);
    expect(kept[0]).toBe('Player_0');
  });

  it('reads a damaged list as empty and drops stored names that are not game names', async () => {
    await fakeBrowser.storage.local.set({ recentPlayers: 'Notch' });
    expect(await getRecentPlayers()).toEqual([]);
    await fakeBrowser.storage.local.set({ recentPlayers: ['Notch', 42, 'x'] });
    expect(await getRecentPlayers()).toEqual(['Notch']);
    await fakeBrowser.storage.local.set({ recentPlayers: ['Notch', 'x y'] });
    expect(await getRecentPlayers()).toEqual(['Notch']);
  });

  it('tells watchers the new list until they unsubscribe', async () => {
    const seen = vi.fn();
    const unwatch = watchRecentPlayers(seen);
    await rememberPlayers(['Notch']);
    await vi.waitFor(() => expect(seen).toHaveBeenLastCalledWith(['Notch']));
    unwatch();
    await rememberPlayers(['Steve']);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

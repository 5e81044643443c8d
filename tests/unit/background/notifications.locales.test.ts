import { describe, expect, it, vi } from 'vitest';
import type { SessionStore } from '@/entrypoints/background/gateway/session-store';
import { createNotificationDisplay } from '@/entrypoints/background/notifications/notifications';
import { createAnnouncer } from '@/entrypoints/background/saved-searches/alert-notification';
import {
  createOnlineNotification,
  ONLINE_NOTIFICATION,
} from '@/entrypoints/background/watchlist/online-notification';
import { speak } from '../../fixtures/catalogues';
import { makeListing } from '../../fixtures/players';

function memoryStore(): SessionStore {
  const items = new Map<string, unknown>();
  return {
    entries: async (prefix) => Object.fromEntries([...items].filter(([key]) => key.startsWith(prefix))),
    get: async (key) => items.get(key),
    set: async (values) => {
      for (const [key, value] of Object.entries(values)) items.set(key, value);
    },
    remove: async (keys) => {
      for (const key of keys) items.delete(key);
    },
  };
}

function fakeNotifications() {
  return {
    create: vi.fn(async (id: string, _options: { title: string; message: string }) => id),
    clear: vi.fn(async () => true),
  };
}

const named = (...names: string[]) => names.map((name) => ({ uuid: `u-${name}`, name }));

describe('notifications in other languages', () => {
  it('German: watched players coming online, folded into one sentence', async () => {
    await speak('de');
    const api = fakeNotifications();
    const notifier = createOnlineNotification({
      store: memoryStore(),
      notifications: createNotificationDisplay({ iconUrl: 'icon.png', port: async () => api }),
      openPlayerView: async () => undefined,
    });
    await notifier.cameOnline(named('Notch'));
    expect(api.create).toHaveBeenLastCalledWith(ONLINE_NOTIFICATION, {
      type: 'basic',
      iconUrl: 'icon.png',
      title: 'Beobachtete Spieler online',
      message: 'Notch ist online.',
    });
    await notifier.cameOnline(named('jeb_', 'a_1', 'b_2'));
    expect(api.create.mock.lastCall?.[1].message).toBe('b_2, a_1 und 2 weitere sind online.');
  });

  it('Spanish: a saved search alert, its title and its listing line', async () => {
    await speak('es');
    const api = fakeNotifications();
    const display = createNotificationDisplay({ iconUrl: 'icon.png', port: async () => api });
    const announce = createAnnouncer({ notifications: display, now: () => 5 });
    const search = { id: 's1', text: 'diamante', sort: 'cheap' as const, alertBelow: 15_000 };
    await announce(search, [makeListing({ amount: 2, price: 25_000 })]);
    expect(api.create.mock.lastCall?.[1]).toMatchObject({
      title: 'Nueva oferta por debajo de 15.000 cada uno: Diamond Sword',
      message: '2 × Diamond Sword por 25.000 (12.500 cada uno) de Notch',
    });
    const listings = [1, 2, 3, 4, 5].map((id) => makeListing({ id }));
    await announce({ ...search, alertBelow: undefined }, listings);
    expect(api.create.mock.lastCall?.[1].title).toBe('5 ofertas nuevas para «diamante»');
    expect(api.create.mock.lastCall?.[1].message.split('\n').at(-1)).toBe('y 2 más');
  });
});

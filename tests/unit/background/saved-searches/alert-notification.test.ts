// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createNotificationDisplay,
  createNotificationRouter,
} from '@/entrypoints/background/notifications/notifications';
import {
  ALERT_NOTIFICATION,
  alertClicks,
  createAnnouncer,
  notificationId,
  searchIdOf,
} from '@/entrypoints/background/saved-searches/alert-notification';
import { makeListing } from '@/tests/fixtures/players';

function fakePort() {
  return {
    create: vi.fn(async (id: string, _options: { title: string; message: string }) => id),
    clear: vi.fn(async (_id: string) => true),
  };
}

const SEARCH = { id: 'abc-1', text: 'diamond', sort: 'cheap' as const, alertBelow: 15 };

describe('alert notifications', () => {
  it('names the search in the notification id', () => {
    const id = notificationId('abc-1', 1234);
    expect(searchIdOf(id)).toBe('abc-1');
    expect(searchIdOf('badge:whatever')).toBeUndefined();
  });

  it('folds several listings into one notification', async () => {
    const api = fakePort();
    const display = createNotificationDisplay({ iconUrl: 'icon.png', port: async () => api });
    const announce = createAnnouncer({ notifications: display, now: () => 5 });
    await announce(SEARCH, [makeListing({ id: 1, price: 10 }), makeListing({ id: 2, price: 12 })]);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create.mock.calls[0]?.[1]).toMatchObject({
      type: 'basic',
      iconUrl: 'icon.png',
      title: expect.stringContaining('2 new listings'),
    });
  });

  it('stays silent without the permission', async () => {
    const display = createNotificationDisplay({ iconUrl: 'icon.png', port: async () => undefined });
    const announce = createAnnouncer({ notifications: display });
    await expect(announce(SEARCH, [makeListing()])).resolves.toBeUndefined();
  });

  it('a click opens the Auctions tab on that search, through the shared router', async () => {
    const api = fakePort();
    const open = vi.fn(async () => undefined);
    const router = createNotificationRouter({
      display: createNotificationDisplay({ iconUrl: 'icon.png', port: async () => api }),
      kinds: {
        [ALERT_NOTIFICATION]: alertClicks({
          findSearch: async (id) => (id === 'abc-1' ? SEARCH : undefined),
          open,
        }),
      },
    });
    await router.clicked(notificationId('abc-1', 1));
    await router.clicked('other-notification');
    expect(api.clear).toHaveBeenCalledWith(notificationId('abc-1', 1));
    expect(open).toHaveBeenCalledWith(SEARCH);
    expect(open).toHaveBeenCalledTimes(1);
  });
});

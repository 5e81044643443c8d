// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createAnnouncer,
  createClickHandling,
  type NotificationsPort,
  notificationId,
  searchIdOf,
} from '../../../../entrypoints/background/saved-searches/notify';
import { makeListing } from '../../../fixtures/players';

function fakeNotifications() {
  const listeners: Array<(id: string) => void> = [];
  const api = {
    create: vi.fn(async (id: string, _options: unknown) => id),
    clear: vi.fn(async () => true),
    onClicked: { addListener: vi.fn((listener: (id: string) => void) => listeners.push(listener)) },
  } satisfies NotificationsPort;
  const click = (id: string) => {
    for (const listener of listeners) listener(id);
  };
  return { api, click, listeners };
}

const SEARCH = { id: 'abc-1', text: 'diamond', sort: 'cheap' as const, alertBelow: 15 };

describe('alert notifications', () => {
  it('names the search in the notification id', () => {
    const id = notificationId('abc-1', 1234);
    expect(searchIdOf(id)).toBe('abc-1');
    expect(searchIdOf('badge:whatever')).toBeUndefined();
  });

  it('folds several listings into one notification', async () => {
    const { api } = fakeNotifications();
    const announce = createAnnouncer({ notifications: () => api, iconUrl: 'icon.png', now: () => 5 });
    await announce(SEARCH, [makeListing({ id: 1, price: 10 }), makeListing({ id: 2, price: 12 })]);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create.mock.calls[0]?.[1]).toMatchObject({
      type: 'basic',
      iconUrl: 'icon.png',
      title: expect.stringContaining('2 new listings'),
    });
  });

  it('stays silent without the permission', async () => {
    const announce = createAnnouncer({ notifications: () => undefined, iconUrl: 'icon.png' });
    await expect(announce(SEARCH, [makeListing()])).resolves.toBeUndefined();
  });

  it('a click opens the Auctions tab on that search; listens once', async () => {
    const { api, click, listeners } = fakeNotifications();
    const open = vi.fn(async () => undefined);
    const listen = createClickHandling({
      notifications: () => api,
      findSearch: async (id) => (id === 'abc-1' ? SEARCH : undefined),
      open,
    });
    listen();
    listen();
    expect(listeners).toHaveLength(1);
    click(notificationId('abc-1', 1));
    click('other-notification');
    await vi.waitFor(() => expect(api.clear).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith(SEARCH);
    expect(open).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createNotificationDisplay,
  createNotificationRouter,
  type NotificationEvents,
  notificationIdOf,
} from '@/entrypoints/background/notifications/notifications';

function fakeEvents() {
  const clicked: Array<(id: string) => void> = [];
  const closed: Array<(id: string) => void> = [];
  const events: NotificationEvents = {
    onClicked: { addListener: vi.fn((listener: (id: string) => void) => clicked.push(listener)) },
    onClosed: { addListener: vi.fn((listener: (id: string) => void) => closed.push(listener)) },
  };
  return { events, clicked, closed };
}

describe('one notifications module for every kind', () => {
  it('routes a click and a close by kind, clears what was clicked, and listens once', async () => {
    const port = { create: vi.fn(async () => 'id'), clear: vi.fn(async () => true) };
    const display = createNotificationDisplay({ iconUrl: 'icon.png', port: async () => port });
    const a = { clicked: vi.fn(async () => undefined), closed: vi.fn(async () => undefined) };
    const b = { clicked: vi.fn(async () => undefined) };
    const { events, clicked, closed } = fakeEvents();
    let api: NotificationEvents | undefined;
    const router = createNotificationRouter({ display, kinds: { a, b }, events: () => api });
    router.listen(); // no permission yet: nothing to listen to
    api = events;
    router.listen();
    router.listen();
    expect(clicked).toHaveLength(1);
    expect(closed).toHaveLength(1);
    clicked[0]?.(notificationIdOf('b', 'x:1'));
    closed[0]?.(notificationIdOf('a'));
    clicked[0]?.('unknown:1');
    await vi.waitFor(() => expect(port.clear).toHaveBeenCalledWith('b:x:1'));
    expect(b.clicked).toHaveBeenCalledWith('x:1', 'b:x:1');
    expect(a.closed).toHaveBeenCalledWith('', 'a');
    expect(a.clicked).not.toHaveBeenCalled();
    expect(port.clear).toHaveBeenCalledTimes(1);
  });

  it('shows with the extension icon, and says when it could not (no permission)', async () => {
    const port = { create: vi.fn(async () => 'id'), clear: vi.fn(async () => true) };
    let granted = true;
    const display = createNotificationDisplay({
      iconUrl: 'icon.png',
      port: async () => (granted ? port : undefined),
    });
    expect(await display.show('k', { title: 'T', message: 'M' })).toBe(true);
    expect(port.create).toHaveBeenCalledWith('k', {
      type: 'basic',
      iconUrl: 'icon.png',
      title: 'T',
      message: 'M',
    });
    granted = false;
    expect(await display.show('k', { title: 'T', message: 'M' })).toBe(false);
  });
});

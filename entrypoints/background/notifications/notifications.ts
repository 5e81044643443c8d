import { browser } from 'wxt/browser';

/**
 * Every desktop notification the extension shows, whatever the feature: one port onto
 * `browser.notifications`, one click and close listener, routed by kind. An id is
 * `<kind>` or `<kind>:<key>`; each kind (the watchlist's "came online", a saved search's alert,
 * and those to come) says what a click or a close on its notifications does.
 *
 * `notifications` is an optional permission (asked for by Options or by the first alert): the
 * API only exists once it is granted, so it is looked up each time, and the listeners are added
 * when it appears (`listen()` again on permissions.onAdded; a second call adds nothing).
 */

export interface NotificationContent {
  title: string;
  message: string;
}

export interface NotificationsPort {
  create(
    id: string,
    options: { type: 'basic'; iconUrl: string; title: string; message: string },
  ): Promise<unknown>;
  clear(id: string): Promise<unknown>;
}

export interface NotificationEvents {
  onClicked: { addListener(listener: (id: string) => void): void };
  onClosed?: { addListener(listener: (id: string) => void): void };
}

/** What a click or a close on one kind's notification does; `key` is the id after `<kind>:`. */
export interface NotificationKind {
  clicked(key: string, id: string): Promise<void>;
  closed?(key: string, id: string): Promise<void>;
}

/** `browser.notifications` as the browser holds it: absent until the permission is granted. */
export function notificationsApi(): (NotificationsPort & NotificationEvents) | undefined {
  return (browser as unknown as { notifications?: NotificationsPort & NotificationEvents }).notifications;
}

/** The API when the permission is granted now (it may outlive a revoked permission in this worker). */
export async function grantedNotifications(): Promise<NotificationsPort | undefined> {
  const api = notificationsApi();
  if (!api) return undefined;
  try {
    return (await browser.permissions.contains({ permissions: ['notifications'] })) ? api : undefined;
  } catch {
    return undefined;
  }
}

export function notificationIdOf(kind: string, key?: string): string {
  return key === undefined ? kind : `${kind}:${key}`;
}

function split(id: string): { kind: string; key: string } {
  const at = id.indexOf(':');
  return at < 0 ? { kind: id, key: '' } : { kind: id.slice(0, at), key: id.slice(at + 1) };
}

/** Shows and clears notifications of any kind. */
export interface NotificationDisplay {
  /** Shows (or replaces) a notification; false when the permission is not granted. */
  show(id: string, content: NotificationContent): Promise<boolean>;
  clear(id: string): Promise<void>;
}

export function createNotificationDisplay(deps: {
  iconUrl: string;
  /** The API to show with: undefined without the permission. */
  port?: () => Promise<NotificationsPort | undefined>;
}): NotificationDisplay {
  const port = deps.port ?? grantedNotifications;
  return {
    async show(id, content) {
      const api = await port();
      if (!api) return false;
      await api.create(id, { type: 'basic', iconUrl: deps.iconUrl, ...content });
      return true;
    },
    async clear(id) {
      await (await port())?.clear(id);
    },
  };
}

/** The one click and close listener, routed to each kind. */
export interface NotificationRouter {
  /** Adds the click and close listeners once the API exists; later calls add nothing. */
  listen(): void;
  /** Listens now, and again when a permission is granted (synchronously, first turn). */
  start(): void;
  /** What the listeners do (exposed for tests). */
  clicked(id: string): Promise<void>;
  closed(id: string): Promise<void>;
}

export function createNotificationRouter(deps: {
  kinds: Readonly<Record<string, NotificationKind>>;
  /** Clears a clicked notification. */
  display: Pick<NotificationDisplay, 'clear'>;
  /** Where clicks and closes come from. */
  events?: () => NotificationEvents | undefined;
  warn?: (error: unknown) => void;
}): NotificationRouter {
  const events = deps.events ?? notificationsApi;
  const warn =
    deps.warn ?? ((error: unknown) => console.warn('Network Companion: a notification failed', error));
  let listening = false;

  async function route(id: string, what: 'clicked' | 'closed'): Promise<void> {
    const { kind, key } = split(id);
    const handler = Object.hasOwn(deps.kinds, kind) ? deps.kinds[kind] : undefined;
    if (!handler) return;
    if (what === 'closed') return handler.closed?.(key, id);
    await handler.clicked(key, id);
    await deps.display.clear(id);
  }

  function listen(): void {
    const api = events();
    if (listening || !api) return;
    listening = true;
    api.onClicked.addListener((id) => {
      route(id, 'clicked').catch(warn);
    });
    api.onClosed?.addListener((id) => {
      route(id, 'closed').catch(warn);
    });
  }

  return {
    listen,
    start() {
      listen();
      // The permission granted later (Options): the listeners come then.
      browser.permissions.onAdded.addListener(listen);
    },
    clicked: (id) => route(id, 'clicked'),
    closed: (id) => route(id, 'closed'),
  };
}

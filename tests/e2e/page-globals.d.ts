/** The parts of the extension API that e2e tests call inside extension pages and the service worker. */
declare namespace chrome {
  const runtime: { sendMessage(message: unknown): Promise<unknown>; id: string };
  const storage: {
    local: {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    session: {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    sync: {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  const action: {
    getBadgeText(details: Record<string, never>): Promise<string>;
    getTitle(details: Record<string, never>): Promise<string>;
    getBadgeBackgroundColor(details: Record<string, never>): Promise<[number, number, number, number]>;
  };
  const alarms: {
    create(
      name: string,
      info: { when?: number; delayInMinutes?: number; periodInMinutes?: number },
    ): Promise<void>;
    get(name: string): Promise<{ name: string; scheduledTime: number; periodInMinutes?: number } | undefined>;
    getAll(): Promise<{ name: string; scheduledTime: number; periodInMinutes?: number }[]>;
  };
  const scripting: { getRegisteredContentScripts(): Promise<{ id: string; matches?: string[] }[]> };
  const permissions: { getAll(): Promise<{ origins?: string[]; permissions?: string[] }> };
  const notifications: { getAll(): Promise<Record<string, boolean>> };
  const i18n: { getMessage(name: string): string; getUILanguage(): string };
}

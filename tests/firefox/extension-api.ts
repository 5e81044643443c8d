/**
 * The parts of Firefox's `browser.*` API that smoke tests call inside extension pages with
 * `page.evaluate` (the project's `browser` type is the polyfill's, which has no `scripting`).
 * Use as `(globalThis as unknown as ExtensionPageGlobals).browser` inside the callback.
 */
export interface ExtensionPageGlobals {
  browser: {
    browserAction: { getBadgeText(details: Record<string, never>): Promise<string> };
    scripting: { getRegisteredContentScripts(): Promise<{ id: string; matches?: string[] }[]> };
    tabs: { create(properties: { url: string }): Promise<{ id?: number }> };
    commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> };
    contextMenus: { update(id: string, properties: Record<string, never>): Promise<void> };
    sidebarAction: { getPanel(details: Record<string, never>): Promise<string> };
    storage: { sync: { get(key: string | null): Promise<Record<string, unknown>> } };
    permissions: {
      remove(permissions: { origins: string[] }): Promise<boolean>;
      contains(permissions: { origins: string[] }): Promise<boolean>;
    };
  };
}

/**
 * What the look-up specs (tests/e2e/lookup-*.spec.ts) call in the service worker: the events
 * the browser fires for the address bar and the context menu, dispatched through Chromium's own
 * event objects (`dispatch` is on every extension event there), and the tabs they open.
 */
declare namespace chrome {
  interface DispatchableEvent<A extends unknown[]> {
    dispatch(...args: A): void;
    hasListeners(): boolean;
  }
  interface SuggestResult {
    content: string;
    description: string;
  }
  interface Tab {
    id?: number;
    index: number;
    url?: string;
    windowId: number;
  }
  const omnibox: {
    onInputStarted: DispatchableEvent<[]>;
    onInputChanged: DispatchableEvent<[string, (results: SuggestResult[]) => void]>;
    onInputEntered: DispatchableEvent<[string, string]>;
  };
  const contextMenus: {
    onClicked: DispatchableEvent<[Record<string, unknown>, Tab | undefined]>;
  };
  const tabs: {
    query(query: { url?: string | string[]; active?: boolean }): Promise<Tab[]>;
  };
  const commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> };
  const sidePanel: {
    getOptions(options: { tabId?: number }): Promise<{ path?: string; enabled?: boolean }>;
  };
}

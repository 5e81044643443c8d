import { browser } from 'wxt/browser';

/** Opens the extension's options page (the popup closes by itself when it loses focus). */
export function openOptions(): void {
  void browser.runtime.openOptionsPage().catch(() => {
    // Without an options page registered there is nothing better to do.
  });
}

import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/options/App';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;
/** `browser.permissions.*` with its promise signature (the typings' last overload is the callback one). */
function spyOnPermission(name: 'request' | 'contains' | 'remove') {
  return vi.spyOn(fakeBrowser.permissions as unknown as Record<typeof name, PermissionCall>, name);
}

describe('options page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    (
      vi.spyOn(fakeBrowser.runtime, 'sendMessage') as unknown as { mockResolvedValue(value: unknown): void }
    ).mockResolvedValue({
      baseUrl: '',
      hasKey: false,
    });
    spyOnPermission('contains').mockResolvedValue(true);
  });
  afterEach(cleanup);

  it('has one h1 and an h2 per section, in order', async () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Network Companion options' })).toBeTruthy();
    // The sections after the connection load on demand; the first import can be slow in a test run.
    await screen.findByRole('heading', { level: 2, name: 'Forum sites' }, { timeout: 10_000 });
    await screen.findByRole('heading', { level: 2, name: 'History' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'API connection',
      'Forum sites',
      'Hover cards',
      'Badge',
      'Watchlist',
      'Background requests',
      'You',
      'Saved searches',
      'Keyboard shortcut',
      'History',
    ]);
    // Each section is a landmark named by its heading.
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(10);
  });

  it('says the settings stay in this browser', async () => {
    render(<App />);
    expect(
      screen.getByText(/kept in this browser's local extension storage and is never synced/),
    ).toBeTruthy();
  });

  it('shows a loading line until the settings are read', () => {
    render(<App />);
    expect(screen.getByText('Loading your settings…')).toBeTruthy();
  });

  it('opens in a tab (WXT reads the meta tag into options_ui.open_in_tab)', () => {
    const html = readFileSync('entrypoints/options/index.html', 'utf8');
    expect(html).toContain('<meta name="manifest.open_in_tab" content="true" />');
  });
});

import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;
/** `browser.permissions.*` with its promise signature (the typings' last overload is the callback one). */
function spyOnPermission(name: 'request' | 'contains' | 'remove') {
  return vi.spyOn(fakeBrowser.permissions as unknown as Record<typeof name, PermissionCall>, name);
}

/** The background of an install whose connection is saved (or not) and answers the check with `health`. */
function stubBackground(
  saved: boolean,
  health: unknown = { ok: true, data: { status: 'ok' }, fetchedAt: 1 },
) {
  (
    vi.spyOn(fakeBrowser.runtime, 'sendMessage') as unknown as {
      mockImplementation(fn: (message: { type: string }) => Promise<unknown>): void;
    }
  ).mockImplementation(async (message) =>
    message.type === 'connection-status'
      ? { baseUrl: saved ? 'https://stats.example.net' : '', hasKey: saved }
      : health,
  );
}

describe('options page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    stubBackground(true);
    spyOnPermission('contains').mockResolvedValue(true);
  });
  afterEach(cleanup);

  it('has one h1 and an h2 per section, in order', async () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Network Companion options' })).toBeTruthy();
    // The sections after the connection load on demand; the first import can be slow in a test run.
    await screen.findByRole('heading', { level: 2, name: 'Forum sites' });
    await screen.findByRole('heading', { level: 2, name: 'History' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Server connection',
      'Forum sites',
      'Hover cards',
      'Badge',
      'Watchlist',
      'Background requests',
      'You',
      'Progress on player cards',
      'Rank watch',
      'Saved searches',
      'Auction reminders',
      'Keyboard shortcut',
      'History',
      'Export and import',
    ]);
    // Each section is a landmark named by its heading.
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(14);
  });

  it('folds the advanced sections (hover, badge, background, history) until wanted', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 2, name: 'History' });
    expect(screen.getAllByRole('button', { expanded: false }).map((fold) => fold.textContent)).toEqual([
      'Hover cards',
      'Badge',
      'Background requests',
      'Progress on player cards',
      'History',
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Show online count on badge' })).toBeNull();
    // The first steps stay open.
    expect(screen.getByRole('textbox', { name: 'Forum site' })).toBeTruthy();
  });

  it('on a first run shows only the connection, and a sentence saying the rest comes once connected', async () => {
    stubBackground(false);
    render(<App />);
    await screen.findByText(/appear here once the extension is connected to the server\.$/);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Server connection',
    ]);
  });

  it('keeps the rest back while the saved key is refused', async () => {
    stubBackground(true, { ok: false, error: { kind: 'unauthorized' } });
    render(<App />);
    await screen.findByText(/appear here once the extension is connected/);
    expect(screen.queryByRole('heading', { level: 2, name: 'Forum sites' })).toBeNull();
  });

  it('says the settings stay in this browser, and names everything that is synced', async () => {
    render(<App />);
    // Issue 38: watched players were said to be "the one thing synced"; saved searches are too.
    expect(
      screen.getByText(
        "Everything on this page is kept only in this browser and is never synced. Synced through your browser account: your watched players, your saved searches with their alerts, your tags and notes on players, and your goals on players' stats.",
      ),
    ).toBeTruthy();
  });

  it('links to the privacy policy page from its footer', () => {
    render(<App />);
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link.getAttribute('href')).toBe('/privacy.html');
    expect(link.closest('footer')).not.toBeNull();
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

import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ShortcutSection } from '@/entrypoints/options/ShortcutSection';

type Commands = { getAll: () => Promise<{ name?: string; shortcut?: string }[]> };

function withCommands(list: { name?: string; shortcut?: string }[]): void {
  (browser as unknown as { commands: Commands }).commands = { getAll: vi.fn(async () => list) };
}

describe('ShortcutSection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('names the shortcut the browser assigned to open the popup', async () => {
    withCommands([{ name: '_execute_action', shortcut: 'Alt+Shift+L' }]);
    render(<ShortcutSection />);
    await waitFor(() => expect(screen.getByText('Alt+Shift+L opens Network Companion.')).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Keyboard shortcut' })).toBeTruthy();
  });

  it('says when no shortcut is assigned (another extension or the browser took it)', async () => {
    withCommands([{ name: '_execute_browser_action', shortcut: '' }]);
    render(<ShortcutSection />);
    await waitFor(() =>
      expect(screen.getByText('No keyboard shortcut opens Network Companion at the moment.')).toBeTruthy(),
    );
  });

  it('says where to change it in Chrome and in Firefox', () => {
    withCommands([]);
    render(<ShortcutSection />);
    const hint = screen.getByText(/To change it/);
    expect(hint.textContent).toContain('chrome://extensions/shortcuts');
    expect(hint.textContent).toContain('Manage Extension Shortcuts');
  });
});

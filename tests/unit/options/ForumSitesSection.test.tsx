import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { invalidSelectorMessage } from '@/entrypoints/options/ForumSiteRow';
import { emptySitesText, ForumSitesSection } from '@/entrypoints/options/ForumSitesSection';
import { FORUM_SITE_MESSAGES } from '@/entrypoints/options/forum-site-input';
import { useSettings } from '@/entrypoints/options/use-settings';
import { t } from '@/utils/i18n/translate';
import { type ForumSite, getSettings, updateSettings } from '@/utils/settings';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;
/** `browser.permissions.*` with its promise signature (the typings' last overload is the callback one). */
function spyOnPermission(name: 'request' | 'contains' | 'remove') {
  return vi.spyOn(fakeBrowser.permissions as unknown as Record<typeof name, PermissionCall>, name);
}

/** The section as the page uses it: fed by the live settings. */
function Harness() {
  const settings = useSettings();
  return settings && <ForumSitesSection sites={settings.forumSites} />;
}

function permissions(granted = true) {
  return {
    request: spyOnPermission('request').mockResolvedValue(granted),
    remove: spyOnPermission('remove').mockResolvedValue(true),
  };
}

const siteField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Forum site' });
const addButton = () => screen.getByRole('button', { name: 'Add site' });
const status = () => screen.getByRole('status');
const sitesList = () => screen.getByRole('list', { name: 'Forum sites' });

async function renderWith(sites: ForumSite[] = [], apiBaseUrl = '') {
  await updateSettings({ forumSites: sites, apiBaseUrl });
  render(<Harness />);
  await screen.findByRole('heading', { level: 2, name: 'Forum sites' });
}

function add(text: string) {
  fireEvent.input(siteField(), { target: { value: text } });
  fireEvent.click(addButton());
}

describe('options: forum sites', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('says what the list is for when it is empty', async () => {
    permissions();
    await renderWith();
    expect(screen.getByText(emptySitesText())).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('adds a host name: asks for access within the click, stores it and lists it', async () => {
    const { request } = permissions();
    await renderWith();
    add('forum.example.net');
    expect(request).toHaveBeenCalledWith({ origins: ['https://forum.example.net/*'] });
    await screen.findByRole('button', { name: 'Remove forum.example.net' });
    expect((await getSettings()).forumSites).toEqual([
      { origin: 'https://forum.example.net', customSelector: '' },
    ]);
    expect(within(sitesList()).getByText('forum.example.net')).toBeTruthy();
    await waitFor(() => expect(status().textContent).toContain('Added forum.example.net.'));
    expect(siteField().value).toBe('');
    expect(screen.queryByText(emptySitesText())).toBeNull();
  });

  it('adds the origin of a pasted page address, http sites named with their scheme', async () => {
    const { request } = permissions();
    await renderWith();
    add('http://127.0.0.1:8787/forum/xenforo?count=3');
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    await screen.findByRole('button', { name: 'Remove http://127.0.0.1:8787' });
    expect((await getSettings()).forumSites.map((site) => site.origin)).toEqual(['http://127.0.0.1:8787']);
  });

  it('refuses invalid input inline without asking for anything', async () => {
    const { request } = permissions();
    await renderWith();
    add('ftp://forum.example.net');
    expect(screen.getByText(t(FORUM_SITE_MESSAGES.scheme))).toBeTruthy();
    expect(siteField().getAttribute('aria-invalid')).toBe('true');
    expect(siteField().getAttribute('aria-describedby')).toBe('forum-site-error');
    expect(document.activeElement).toBe(siteField());
    add('not a site');
    expect(screen.getByText(t(FORUM_SITE_MESSAGES.garbage))).toBeTruthy();
    add('');
    expect(screen.getByText(t(FORUM_SITE_MESSAGES.empty))).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect((await getSettings()).forumSites).toEqual([]);
  });

  it('refuses a site that is already listed, however it is written', async () => {
    const { request } = permissions();
    await renderWith([{ origin: 'https://forum.example.net', customSelector: '' }]);
    add('https://FORUM.example.net/threads/1');
    expect(screen.getByText('forum.example.net is already in the list.')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect((await getSettings()).forumSites).toHaveLength(1);
  });

  it('explains and stores nothing when access is refused', async () => {
    permissions(false);
    await renderWith();
    add('forum.example.net');
    await waitFor(() =>
      expect(status().textContent).toContain(
        'The extension needs access to forum.example.net to show player cards',
      ),
    );
    expect((await getSettings()).forumSites).toEqual([]);
    expect(siteField().value).toBe('forum.example.net');
  });

  it('removes a site and gives up its permission', async () => {
    const { remove } = permissions();
    await renderWith([
      { origin: 'https://forum.example.net', customSelector: '' },
      { origin: 'https://other.example.org', customSelector: '' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove forum.example.net' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove forum.example.net' })).toBeNull(),
    );
    expect((await getSettings()).forumSites.map((site) => site.origin)).toEqual([
      'https://other.example.org',
    ]);
    await waitFor(() => expect(status().textContent).toContain('Removed forum.example.net.'));
    expect(remove).toHaveBeenCalledWith({ origins: ['https://forum.example.net/*'] });
    expect(document.activeElement).toBe(siteField());
  });

  it('shows the empty state again after the last site is removed', async () => {
    permissions();
    await renderWith([{ origin: 'https://forum.example.net', customSelector: '' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove forum.example.net' }));
    await screen.findByText(emptySitesText());
  });

  it('keeps the permission while the API or another site uses the same host', async () => {
    const { remove } = permissions();
    await renderWith(
      [
        { origin: 'http://127.0.0.1:8787', customSelector: '' },
        { origin: 'https://a.example.net', customSelector: '' },
        { origin: 'https://a.example.net:8443', customSelector: '' },
      ],
      'http://127.0.0.1:8787',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove http://127.0.0.1:8787' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove http://127.0.0.1:8787' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.example.net' }));
    await waitFor(() => expect(status().textContent).toContain('Removed a.example.net.'));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.example.net:8443' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['https://a.example.net/*'] }));
  });

  it('still removes the site when the browser refuses to drop the permission', async () => {
    permissions().remove.mockRejectedValue(new Error('You cannot remove required permissions.'));
    await renderWith([{ origin: 'http://127.0.0.1:8787', customSelector: '' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove http://127.0.0.1:8787' }));
    await screen.findByText(emptySitesText());
    expect((await getSettings()).forumSites).toEqual([]);
    await waitFor(() => expect(status().textContent).toContain('Removed http://127.0.0.1:8787.'));
  });

  it('shows each site with its own labelled username selector', async () => {
    permissions();
    await renderWith([
      { origin: 'https://forum.example.net', customSelector: 'a.author' },
      { origin: 'https://other.example.org', customSelector: '' },
    ]);
    const first = screen.getByRole<HTMLInputElement>('textbox', {
      name: /Username selector for forum\.example\.net/,
    });
    const second = screen.getByRole<HTMLInputElement>('textbox', {
      name: /Username selector for other\.example\.org/,
    });
    expect(first.value).toBe('a.author');
    expect(second.value).toBe('');
  });

  it('saves a valid selector on change and refuses an invalid one', async () => {
    permissions();
    await renderWith([{ origin: 'https://forum.example.net', customSelector: '' }]);
    const field = screen.getByRole<HTMLInputElement>('textbox', {
      name: /Username selector for forum\.example\.net/,
    });

    fireEvent.input(field, { target: { value: 'a.author[' } });
    fireEvent.change(field);
    expect(screen.getByText(invalidSelectorMessage())).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((await getSettings()).forumSites[0]?.customSelector).toBe('');

    fireEvent.input(field, { target: { value: '  .post-author > a  ' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(async () =>
      expect((await getSettings()).forumSites[0]?.customSelector).toBe('.post-author > a'),
    );
    await waitFor(() => expect(status().textContent).toContain('Saved'));
    expect(field.value).toBe('.post-author > a');

    fireEvent.input(field, { target: { value: '' } });
    fireEvent.change(field);
    await waitFor(async () => expect((await getSettings()).forumSites[0]?.customSelector).toBe(''));
  });

  it('once added, says player cards work there now, also in pages already open', async () => {
    permissions();
    await renderWith();
    add('forum.example.net');
    await waitFor(() =>
      expect(status().textContent).toContain('Player cards work there now, on pages already open too.'),
    );
    expect(status().textContent).not.toContain('Reload');
  });

  it('asks for a reload only when an open page of the site could not get the script', async () => {
    permissions();
    // The promise overload of tabs.query (the typings' last one is the callback form).
    (
      vi.spyOn(fakeBrowser.tabs, 'query') as unknown as { mockResolvedValue(value: unknown): void }
    ).mockResolvedValue([{ id: 5 }]);
    const scripting = fakeBrowser.scripting as unknown as { executeScript?: unknown };
    const executeScript = vi.fn().mockRejectedValue(new Error('Cannot access contents of the page'));
    const before = scripting.executeScript;
    scripting.executeScript = executeScript;
    try {
      await renderWith();
      add('forum.example.net');
      await waitFor(() =>
        expect(status().textContent).toContain(
          'Reload the pages of it that were already open to see player cards there.',
        ),
      );
      expect(executeScript).toHaveBeenCalledWith({
        target: { tabId: 5 },
        files: ['content-scripts/forum.js'],
      });
    } finally {
      scripting.executeScript = before;
    }
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openPlayerView, playerViewUrl } from '@/entrypoints/background/lookup/open-player-view';

const POPUP = fakeBrowser.runtime.getURL('/popup.html');

async function openTabs() {
  return (await fakeBrowser.tabs.query({})).map(({ url, active, index }) => ({ url, active, index }));
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('playerViewUrl', () => {
  it('is the popup page with ?player=, encoded', () => {
    expect(playerViewUrl('Notch')).toBe(`${POPUP}?player=Notch`);
    expect(playerViewUrl('a&b=c')).toBe(`${POPUP}?player=a%26b%3Dc`);
  });
});

describe('openPlayerView', () => {
  it('opens a new tab, right after the tab that asked', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    expect(await openPlayerView('Notch', { opener: { id: 7, index: 3 } })).toEqual({ ok: true });
    await openPlayerView('Steve', { opener: { index: 3 } });
    await openPlayerView('Alex', { disposition: 'newBackgroundTab' });
    expect(create.mock.calls.map(([properties]) => properties)).toEqual([
      { url: `${POPUP}?player=Notch`, active: true, openerTabId: 7, index: 4 },
      { url: `${POPUP}?player=Steve`, active: true },
      { url: `${POPUP}?player=Alex`, active: false },
    ]);
    expect((await openTabs()).at(-3)?.url).toBe(`${POPUP}?player=Notch`);
  });

  it('a UUID opens in its dashed lower-case form', async () => {
    await openPlayerView('069A79F444E94726A5BEFCA90E38AAF5');
    expect((await openTabs()).at(-1)?.url).toBe(`${POPUP}?player=069a79f4-44e9-4726-a5be-fca90e38aaf5`);
  });

  it('the address bar’s "current tab" navigates the current tab instead', async () => {
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openPlayerView('Notch', { disposition: 'currentTab' });
    expect(update).toHaveBeenCalledExactlyOnceWith({ url: `${POPUP}?player=Notch` });
    expect(create).not.toHaveBeenCalled();
  });

  it('opens nothing for text that is not a name or UUID', async () => {
    const before = await openTabs();
    for (const text of ['', 'ab', '../options.html', 'a b', '<script>', 'javascript:alert(1)']) {
      expect(await openPlayerView(text)).toEqual({ ok: false });
      expect(await openPlayerView(text, { disposition: 'currentTab' })).toEqual({ ok: false });
    }
    expect(await openTabs()).toEqual(before);
  });
});

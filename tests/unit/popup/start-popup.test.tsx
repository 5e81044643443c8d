import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startPopup } from '@/entrypoints/popup/start-popup';
import { askBackground } from '@/utils/ask-background';
import { BADGE_STATE_KEY } from '@/utils/last-count';
import { fakeBackground, makePlayer, ok } from '../../fixtures/players';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

describe('startPopup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    document.body.innerHTML = '<div id="app"><header class="popup-header">Network Companion</header></div>';
  });
  afterEach(cleanup);

  it('replaces the shell with the app, on the saved tab, with the badge’s last count in the header', async () => {
    await fakeBrowser.storage.local.set({ popupState: { tab: 'player', playerQuery: '' } });
    await fakeBrowser.storage.session.set({
      [BADGE_STATE_KEY]: { last: { online: 4321, fetchedAt: 1 }, failures: 0, lastFetchAt: 1 },
    });
    fakeBackground(ask, {
      'connection-status': () => ({ baseUrl: 'http://127.0.0.1:8787', hasKey: true }),
      // Never answers: what the header shows comes from the badge's last count.
      'players-count': () => new Promise(() => {}),
      player: ({ identifier }) => ok(makePlayer({ name: identifier })),
    });
    startPopup();
    expect(await screen.findByText('4,321 online')).toBeTruthy();
    expect(screen.getByLabelText('Player name or UUID')).toBeTruthy();
    // The shell is gone: one header, the app's.
    expect(document.querySelectorAll('.popup-header')).toHaveLength(1);
  });
});

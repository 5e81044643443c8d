import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PlayerCardReply } from '@/entrypoints/forum.content/hover-reply';
import { startHoverCards } from '@/entrypoints/forum.content/username-hovers';
import { CARD_HOST_NAME } from '@/entrypoints/hover-card/card-host';
import { createCardUi } from '@/entrypoints/hover-card/card-ui';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

const LOADING_TEXT = 'Loading player…';

/**
 * The content script's parts together in happy-dom: settings from (fake) storage, the
 * delegated listeners, the memo and the real card UI in its shadow root. The background is a
 * stub `ask`.
 */

const ORIGIN = 'https://forum.example.net';

const player = (name: string) => makePlayer({ uuid: PLAYER_UUID, name });

async function saveSettings(forumSites: { origin: string; customSelector: string }[]) {
  await fakeBrowser.storage.local.set({ settings: { hoverDelayMs: 0, forumSites } });
}

function setUp() {
  document.body.innerHTML = `
    <h4 class="message-name"><a href="/members/steve.2/" class="username" data-xf-init="member-tooltip"><span class="username--style3">Steve</span></a></h4>
    <a href="/members/alex.3/" class="username" id="alex">Alex</a>
    <a href="/members/john-smith.901/" class="username" id="john">John Smith</a>
    <span class="custom-nick" id="notch">Notch</span>
    <a href="/u/alex_builds" data-user-card="alex_builds" id="nick">Alex the Builder &lt;b&gt;</a>
    <a href="https://1drv.ms/u/s!AkR3c2x0aGVy" id="onedrive">here</a>
    <a href="https://www.researchgate.net/profile/Jane-Doe-2" id="researchgate"><img alt="Jane_Doe"></a>
    <a href="https://forum.example.net/u/Herobrine" id="absolute"><img alt=""></a>
    <p id="outside">Post text</p>`;
  const abort = new AbortController();
  let release: () => void = () => {};
  let hold = false;
  const ask = vi.fn(async (name: string): Promise<PlayerCardReply> => {
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return name === 'Nobody_Here'
      ? { ok: false, error: { kind: 'not-found', identifier: name } }
      : { ok: true, data: player(name), fetchedAt: Date.now() };
  });
  const openFull = vi.fn();
  const cards = startHoverCards({
    doc: document,
    origin: ORIGIN,
    signal: abort.signal,
    ask,
    openFull,
    loadCardUi: async () => createCardUi,
  });
  return {
    abort,
    ask,
    openFull,
    usernameAt: cards.usernameAt,
    holdReplies: () => {
      hold = true;
    },
    release: () => release(),
  };
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;

function hover(target: Element, from: Element = byId('outside')) {
  from.dispatchEvent(
    new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: target }),
  );
  target.dispatchEvent(
    new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: from }),
  );
}

function shadow(): ShadowRoot | null {
  return document.querySelector(CARD_HOST_NAME)?.shadowRoot ?? null;
}

function dialog(): HTMLElement | null {
  return shadow()?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
}

/** Lets the storage read, the delay timer and the replies settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('forum hover cards', () => {
  let page: ReturnType<typeof setUp>;

  beforeEach(async () => {
    fakeBrowser.reset();
    await saveSettings([{ origin: ORIGIN, customSelector: '.custom-nick' }]);
    page = setUp();
    await settle();
  });

  afterEach(() => {
    page.abort.abort();
    document.body.innerHTML = '';
  });

  it('shows a loading card at once, then the player, in an open shadow root', async () => {
    page.holdReplies();
    hover(document.querySelector('.username--style3') as Element);
    await vi.waitFor(() => expect(dialog()?.getAttribute('aria-label')).toBe('Steve'));
    expect(dialog()?.textContent).toContain(LOADING_TEXT);
    page.release();
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('ADMIN'));
    // vitest loads no CSS (`?inline` gives ''); the build's stylesheet is checked end to end.
    expect(shadow()?.querySelector('style')).not.toBeNull();
    expect(document.head.querySelector('style')).toBeNull();
    expect(page.ask).toHaveBeenCalledTimes(1);
    expect(page.ask).toHaveBeenCalledWith('Steve');
  });

  it('asks once per name however often it is hovered', async () => {
    for (let i = 0; i < 3; i += 1) {
      hover(byId('alex'));
      await vi.waitFor(() => expect(dialog()?.textContent).toContain('Alex'));
      byId('outside').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }));
      expect(dialog()).toBeNull();
    }
    expect(page.ask).toHaveBeenCalledTimes(1);
  });

  it('never asks for text that is not a game name', async () => {
    hover(byId('john'));
    await settle();
    expect(dialog()).toBeNull();
    expect(page.ask).not.toHaveBeenCalled();
  });

  it('shows the display name the forum used beside the player, as text', async () => {
    hover(byId('nick'));
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('ADMIN'));
    expect(page.ask).toHaveBeenCalledWith('alex_builds');
    const line = dialog()?.querySelector('.hover-card__forum-name');
    expect(line?.textContent).toBe('Shown on this forum as “Alex the Builder <b>”');
    expect(line?.querySelector('b')).toBeNull();
  });

  it('opens no card for links in posts to other sites', async () => {
    hover(byId('onedrive'));
    await settle();
    hover(byId('researchgate'), byId('onedrive'));
    await settle();
    expect(dialog()).toBeNull();
    expect(page.ask).not.toHaveBeenCalled();
    expect(page.usernameAt(byId('onedrive'))).toBeNull();
  });

  it("reads profile links to the forum site's configured origin", () => {
    expect(page.usernameAt(byId('absolute'))).toBe('Herobrine');
  });

  it("uses the site's custom selector", async () => {
    hover(byId('notch'));
    await vi.waitFor(() => expect(dialog()?.getAttribute('aria-label')).toBe('Notch'));
  });

  it('opens the full view for the player', async () => {
    hover(byId('alex'));
    await vi.waitFor(() =>
      expect(shadow()?.querySelector('button.player-card__open')?.textContent).toBe('Open in popup'),
    );
    shadow()?.querySelector<HTMLButtonElement>('button.player-card__open')?.click();
    expect(page.openFull).toHaveBeenCalledWith('Alex');
  });

  it('tells the context menu which username is at a target (the custom selector too)', () => {
    expect(page.usernameAt(document.querySelector('.username--style3'))).toBe('Steve');
    expect(page.usernameAt(byId('notch'))).toBe('Notch');
    expect(page.usernameAt(byId('john'))).toBeNull();
    expect(page.usernameAt(byId('outside'))).toBeNull();
  });

  it('stops when the site is removed from the settings', async () => {
    hover(byId('alex'));
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    await saveSettings([]);
    await vi.waitFor(() => expect(dialog()).toBeNull());
    hover(byId('alex'), byId('john'));
    await settle();
    expect(dialog()).toBeNull();
  });

  it('shows nothing on a site that was not added', async () => {
    page.abort.abort();
    fakeBrowser.reset();
    await saveSettings([{ origin: 'https://elsewhere.example', customSelector: '' }]);
    page = setUp();
    await settle();
    hover(byId('alex'));
    await settle();
    expect(document.querySelector(CARD_HOST_NAME)).toBeNull();
    expect(page.ask).not.toHaveBeenCalled();
    expect(page.usernameAt(byId('alex'))).toBeNull();
  });
});

describe('forum hover cards without their UI', () => {
  it('shows nothing and does not retry in a loop when the card UI cannot be loaded', async () => {
    fakeBrowser.reset();
    await saveSettings([{ origin: ORIGIN, customSelector: '' }]);
    document.body.innerHTML =
      '<a href="/members/alex.3/" class="username" id="alex">Alex</a><p id="outside">x</p>';
    const abort = new AbortController();
    const loadCardUi = vi.fn(async () => {
      throw new Error('no card script');
    });
    const ask = vi.fn(async (): Promise<PlayerCardReply> => ({ ok: false, error: { kind: 'offline' } }));
    startHoverCards({ doc: document, origin: ORIGIN, signal: abort.signal, ask, loadCardUi });
    await settle();
    hover(byId('alex'));
    await settle();
    expect(document.querySelector(CARD_HOST_NAME)).toBeNull();
    // A few tries for this hover (delay start, card open, reply), then it waits for the next one.
    const tries = loadCardUi.mock.calls.length;
    expect(tries).toBeLessThanOrEqual(3);
    await settle();
    expect(loadCardUi).toHaveBeenCalledTimes(tries);
    abort.abort();
    document.body.innerHTML = '';
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_GRACE_MS,
  createHoverController,
  type HoverController,
  type UsernameHit,
} from '@/entrypoints/forum.content/hover-controller';

/**
 * The open/close rules of the hover card, against a small page in happy-dom with fake
 * timers. The "card" is a plain element standing in for the shadow host; `open`/`close`
 * record what the controller asked for.
 */

const DELAY = 300;

interface Harness {
  controller: HoverController;
  abort: AbortController;
  opened: string[];
  closes: number;
  /** The card host while "open". */
  card: HTMLElement;
  button: HTMLButtonElement;
  isOpen(): boolean;
}

function setUpPage(): void {
  document.body.innerHTML = `
    <div id="scroller" style="overflow:auto">
      <a href="/u/Steve" class="username" id="steve"><span id="steve-text">Steve</span></a>
      <a href="/u/Alex" class="username" id="alex">Alex</a>
      <a href="/u/John" class="username" id="bad">John Smith</a>
    </div>
    <p id="outside">Post text <button id="other">Reply</button></p>`;
}

/** Names: elements with class `username` whose text is a valid game name. */
function find(target: EventTarget | null): UsernameHit | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest('.username');
  const name = element?.textContent?.trim() ?? '';
  return element !== null && /^[A-Za-z0-9_]{3,16}$/.test(name) ? { element, name } : null;
}

function start(options: { delay?: number } = {}): Harness {
  const abort = new AbortController();
  const card = document.createElement('network-companion-card');
  const button = document.createElement('button');
  button.textContent = 'Open in popup';
  card.append(button);
  const harness: Harness = {
    controller: undefined as unknown as HoverController,
    abort,
    opened: [],
    closes: 0,
    card,
    button,
    isOpen: () => card.isConnected,
  };
  harness.controller = createHoverController({
    doc: document,
    find,
    delayMs: () => options.delay ?? DELAY,
    cardHost: () => (card.isConnected ? card : null),
    focusables: () => (card.isConnected ? [button] : []),
    activeInCard: () => (card.contains(document.activeElement) ? document.activeElement : null),
    open: (_anchor, name) => {
      harness.opened.push(name);
      document.body.append(card);
    },
    close: () => {
      harness.closes += 1;
      card.remove();
    },
    signal: abort.signal,
  });
  return harness;
}

const byId = (id: string) => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no #${id}`);
  return element;
};

function pointer(
  type: 'pointerover' | 'pointerout' | 'pointerdown',
  target: Element,
  related: Element | null = null,
) {
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, composed: true, pointerType: 'mouse', relatedTarget: related }),
  );
}

/** Moves the pointer from `from` (or nowhere) to `to` (or out of the window). */
function move(from: Element | null, to: Element | null) {
  if (from !== null) pointer('pointerout', from, to);
  if (to !== null) pointer('pointerover', to, from);
}

function key(name: string, init: KeyboardEventInit = {}) {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('hover controller', () => {
  let h: Harness;

  beforeEach(() => {
    vi.useFakeTimers();
    setUpPage();
    h = start();
  });

  afterEach(() => {
    h.abort.abort();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('opens after the hover delay, not before', () => {
    move(byId('outside'), byId('steve-text'));
    vi.advanceTimersByTime(DELAY - 1);
    expect(h.opened).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(h.opened).toEqual(['Steve']);
    expect(h.controller.anchor).toBe(byId('steve'));
  });

  it('does not open when the pointer leaves before the delay', () => {
    move(byId('outside'), byId('steve-text'));
    vi.advanceTimersByTime(DELAY / 2);
    move(byId('steve-text'), byId('outside'));
    vi.advanceTimersByTime(DELAY * 3);
    expect(h.opened).toEqual([]);
  });

  it('keeps waiting while the pointer moves inside the name', () => {
    move(byId('outside'), byId('steve'));
    vi.advanceTimersByTime(DELAY / 2);
    move(byId('steve'), byId('steve-text'));
    vi.advanceTimersByTime(DELAY / 2);
    expect(h.opened).toEqual(['Steve']);
  });

  it('ignores text that is not a valid game name', () => {
    move(byId('outside'), byId('bad'));
    vi.advanceTimersByTime(DELAY * 3);
    expect(h.opened).toEqual([]);
  });

  it('ignores touch pointers', () => {
    byId('steve').dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'touch' }));
    vi.advanceTimersByTime(DELAY * 3);
    expect(h.opened).toEqual([]);
  });

  it('uses the delay in force when the hover starts', () => {
    h.abort.abort();
    h = start({ delay: 0 });
    move(byId('outside'), byId('steve'));
    vi.advanceTimersByTime(0);
    expect(h.opened).toEqual(['Steve']);
  });

  describe('once open', () => {
    beforeEach(() => {
      move(byId('outside'), byId('steve'));
      vi.advanceTimersByTime(DELAY);
      expect(h.isOpen()).toBe(true);
    });

    it('closes a grace period after the pointer leaves name and card', () => {
      move(byId('steve'), byId('outside'));
      vi.advanceTimersByTime(CLOSE_GRACE_MS - 1);
      expect(h.isOpen()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(h.isOpen()).toBe(false);
      expect(h.controller.anchor).toBeNull();
    });

    it('stays open while the pointer moves from the name onto the card', () => {
      move(byId('steve'), byId('outside'));
      vi.advanceTimersByTime(CLOSE_GRACE_MS / 2);
      move(byId('outside'), h.card);
      vi.advanceTimersByTime(CLOSE_GRACE_MS * 5);
      expect(h.isOpen()).toBe(true);
      move(h.card, byId('outside'));
      vi.advanceTimersByTime(CLOSE_GRACE_MS);
      expect(h.isOpen()).toBe(false);
    });

    it('closes at once on a press outside, not on a press on the card or the name', () => {
      pointer('pointerdown', h.button);
      pointer('pointerdown', byId('steve-text'));
      expect(h.isOpen()).toBe(true);
      pointer('pointerdown', byId('outside'));
      expect(h.isOpen()).toBe(false);
    });

    it('closes on Escape and does not reopen until the pointer has left the name', () => {
      key('Escape');
      expect(h.isOpen()).toBe(false);
      move(byId('steve'), byId('steve-text'));
      vi.advanceTimersByTime(DELAY * 2);
      expect(h.opened).toEqual(['Steve']);
      move(byId('steve-text'), byId('outside'));
      move(byId('outside'), byId('steve'));
      vi.advanceTimersByTime(DELAY);
      expect(h.opened).toEqual(['Steve', 'Steve']);
    });

    it('closes when a container holding the name scrolls, not when the page scrolls', () => {
      document.dispatchEvent(new Event('scroll'));
      expect(h.isOpen()).toBe(true);
      byId('scroller').dispatchEvent(new Event('scroll'));
      expect(h.isOpen()).toBe(false);
    });

    it('closes when the name is removed from the page', async () => {
      byId('scroller').remove();
      await vi.waitFor(() => expect(h.isOpen()).toBe(false));
    });

    it('keeps at most one card: another name replaces it', () => {
      move(byId('steve'), byId('alex'));
      vi.advanceTimersByTime(DELAY);
      expect(h.opened).toEqual(['Steve', 'Alex']);
      expect(h.closes).toBe(1);
      expect(h.controller.anchor).toBe(byId('alex'));
    });

    it('closes on close() and after the context is invalidated', () => {
      h.controller.close();
      expect(h.isOpen()).toBe(false);
      move(byId('outside'), byId('alex'));
      h.abort.abort();
      vi.advanceTimersByTime(DELAY * 2);
      expect(h.opened).toEqual(['Steve']);
    });
  });

  describe('keyboard', () => {
    it('opens on focus after the delay and closes when focus leaves', () => {
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY);
      expect(h.opened).toEqual(['Steve']);
      byId('other').focus();
      vi.advanceTimersByTime(CLOSE_GRACE_MS);
      expect(h.isOpen()).toBe(false);
    });

    it('does not open when focus moves on before the delay', () => {
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY / 2);
      byId('alex').focus();
      vi.advanceTimersByTime(DELAY / 2);
      expect(h.opened).toEqual([]);
      vi.advanceTimersByTime(DELAY);
      expect(h.opened).toEqual(['Alex']);
    });

    it('moves into the card with Tab, and Escape there closes it and returns focus to the name', () => {
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY);
      const tab = key('Tab');
      expect(tab.defaultPrevented).toBe(true);
      expect(document.activeElement).toBe(h.button);
      vi.advanceTimersByTime(CLOSE_GRACE_MS * 2);
      expect(h.isOpen()).toBe(true);
      key('Escape');
      expect(h.isOpen()).toBe(false);
      expect(document.activeElement).toBe(byId('steve'));
      vi.advanceTimersByTime(DELAY * 2);
      expect(h.opened).toEqual(['Steve']);
    });

    it('Shift+Tab from the card returns to the name and keeps the card; Tab past it closes it', () => {
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY);
      key('Tab');
      const back = key('Tab', { shiftKey: true });
      expect(back.defaultPrevented).toBe(true);
      expect(document.activeElement).toBe(byId('steve'));
      expect(h.isOpen()).toBe(true);
      key('Tab');
      expect(document.activeElement).toBe(h.button);
      const out = key('Tab');
      expect(out.defaultPrevented).toBe(true);
      expect(h.isOpen()).toBe(false);
      expect(document.activeElement).toBe(byId('steve'));
    });

    it('leaves Tab alone when no card is open', () => {
      byId('steve').focus();
      expect(key('Tab').defaultPrevented).toBe(false);
    });

    it('Escape while waiting cancels the card', () => {
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY / 2);
      key('Escape');
      vi.advanceTimersByTime(DELAY * 2);
      expect(h.opened).toEqual([]);
    });

    it('stays open while focus is on the name even when the pointer leaves', () => {
      move(byId('outside'), byId('steve'));
      byId('steve').focus();
      vi.advanceTimersByTime(DELAY);
      move(byId('steve'), byId('outside'));
      vi.advanceTimersByTime(CLOSE_GRACE_MS * 3);
      expect(h.isOpen()).toBe(true);
    });
  });

  it('works for names added after it started, with no per-element set-up', () => {
    const late = document.createElement('a');
    late.className = 'username';
    late.href = '/u/Notch';
    late.textContent = 'Notch';
    document.body.append(late);
    move(byId('outside'), late);
    vi.advanceTimersByTime(DELAY);
    expect(h.opened).toEqual(['Notch']);
  });

  it('adds a fixed handful of listeners to the document, whatever the page holds', () => {
    h.abort.abort();
    const added = vi.spyOn(document, 'addEventListener');
    const perElement = vi.spyOn(Element.prototype, 'addEventListener');
    for (let i = 0; i < 500; i += 1) {
      const a = document.createElement('a');
      a.className = 'username';
      a.textContent = `Player${i}`;
      document.body.append(a);
    }
    h = start();
    expect(added.mock.calls.length).toBeLessThanOrEqual(6);
    expect(perElement).not.toHaveBeenCalled();
  });
});

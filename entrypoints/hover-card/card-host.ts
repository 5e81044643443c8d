import { type ComponentChild, render } from 'preact';
import type { CardUi } from '../../utils/forum/card-ui-handshake';
import { textDirection, uiLanguage } from '../../utils/i18n/ui-language';
import { placeCard } from './place-card';

/**
 * The hover card's place on the page: one custom element at the end of `<body>` holding an
 * open shadow root (so no forum CSS reaches the card and none of ours reaches the forum), our
 * stylesheet inside it, and the card placed beside its name (place-card.ts), following it on
 * scroll and resize (why not `createShadowRootUi`: docs/architecture.md).
 */
export const CARD_HOST_NAME = 'network-companion-card';

/** The card UI's surface (utils/forum/card-ui-handshake.ts), rendering any Preact content. */
export interface CardHost extends Omit<CardUi, 'host' | 'show'> {
  /** The shadow host while a card is on the page, else null. */
  readonly host: HTMLElement | null;
  /** Render `content` beside `anchor` (mounting the host first when needed). */
  show(anchor: Element, content: ComponentChild): void;
}

export interface CardHostOptions {
  doc: Document;
  css: string;
  signal?: AbortSignal;
  /** Distance between the name and the card, px. */
  gap?: number;
}

const VIEWPORT_PADDING = 8;

/** Every card host carries this attribute, whichever element it is. */
export const CARD_HOST_ATTRIBUTE = 'data-network-companion-card';

/**
 * The card's host element and its open shadow root. A page may define `network-companion-card`
 * itself (its constructor then runs on our element and may attach a shadow root first): then
 * the host is a plain `div`, which no page can define.
 */
function createHost(doc: Document): { host: HTMLElement; shadow: ShadowRoot } {
  const { host, shadow } = createBareHost(doc);
  // The card speaks the browser's language, whatever the forum's page is written in.
  host.lang = uiLanguage();
  host.dir = textDirection();
  return { host, shadow };
}

function createBareHost(doc: Document): { host: HTMLElement; shadow: ShadowRoot } {
  try {
    const host = doc.createElement(CARD_HOST_NAME);
    host.setAttribute(CARD_HOST_ATTRIBUTE, '');
    return { host, shadow: host.attachShadow({ mode: 'open' }) };
  } catch {
    const host = doc.createElement('div');
    host.setAttribute(CARD_HOST_ATTRIBUTE, '');
    return { host, shadow: host.attachShadow({ mode: 'open' }) };
  }
}

export function createCardHost(options: CardHostOptions): CardHost {
  const { doc, signal } = options;
  const gap = options.gap ?? 6;
  let host: HTMLElement | null = null;
  let shadow: ShadowRoot | null = null;
  let container: HTMLElement | null = null;
  let anchor: Element | null = null;
  let frame = 0;
  let follow: AbortController | null = null;

  const place = () => {
    frame = 0;
    const card = container;
    const reference = anchor;
    if (card === null || reference === null) return;
    const name = reference.getBoundingClientRect();
    const viewport = {
      width: doc.documentElement.clientWidth || (doc.defaultView?.innerWidth ?? 0),
      height: doc.documentElement.clientHeight || (doc.defaultView?.innerHeight ?? 0),
    };
    const { x, y } = placeCard(
      { x: name.left, y: name.top, width: name.width, height: name.height },
      { width: card.offsetWidth, height: card.offsetHeight },
      viewport,
      gap,
      VIEWPORT_PADDING,
    );
    card.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
    card.style.visibility = 'visible';
  };
  const schedulePlace = () => {
    if (frame === 0) frame = requestAnimationFrame(place);
  };

  let style: HTMLStyleElement | null = null;

  const mount = (): HTMLElement => {
    if (host === null || shadow === null || container === null || style === null) {
      ({ host, shadow } = createHost(doc));
      style = doc.createElement('style');
      style.textContent = options.css;
      container = doc.createElement('div');
      container.className = 'hover-card-position';
      shadow.append(style, container);
    }
    // The shadow root is open, so the page can empty it: put our nodes back.
    if (container.parentNode !== shadow || style.parentNode !== shadow)
      shadow.replaceChildren(style, container);
    if (!host.isConnected) (doc.body ?? doc.documentElement).append(host);
    return container;
  };

  const hide = () => {
    anchor = null;
    cancelAnimationFrame(frame);
    frame = 0;
    follow?.abort();
    follow = null;
    if (container !== null) {
      render(null, container);
      container.style.visibility = 'hidden';
    }
    host?.remove();
  };

  const show = (nextAnchor: Element, content: ComponentChild) => {
    const card = mount();
    if (anchor !== nextAnchor) {
      anchor = nextAnchor;
      card.style.visibility = 'hidden';
      follow?.abort();
      follow = new AbortController();
      const view = doc.defaultView;
      const listen = { capture: true, passive: true, signal: follow.signal };
      view?.addEventListener('scroll', schedulePlace, listen);
      view?.addEventListener('resize', schedulePlace, listen);
    }
    render(content, card);
    place();
  };

  signal?.addEventListener('abort', () => {
    hide();
    host = null;
  });

  return {
    get host() {
      return host?.isConnected ? host : null;
    },
    show,
    hide,
    focusables: () =>
      container === null
        ? []
        : Array.from(
            container.querySelectorAll<HTMLElement>(
              'button:not([disabled]), a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
            ),
          ),
    activeInCard: () => shadow?.activeElement ?? null,
  };
}

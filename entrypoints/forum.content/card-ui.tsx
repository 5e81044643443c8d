import type { ComponentChild } from 'preact';
import cardCss from '../../components/player-card.css?inline';
import { type CardHost, createCardHost } from './card-host';
import { HoverCard, type HoverCardProps } from './HoverCard';
import css from './hover-card.css?inline';

/**
 * Everything only an open card needs (Preact, PlayerCard, Floating UI, the styles) behind one
 * small interface, so the always-loaded part of the content script (listeners, username
 * detection, the reply memo) does not depend on it and it can be loaded on first use.
 */
export interface CardUi {
  /** The shadow host while a card is on the page, else null. */
  readonly host: Element | null;
  show(anchor: Element, view: HoverCardProps): void;
  hide(): void;
  focusables(): HTMLElement[];
  activeInCard(): Element | null;
}

export interface CardUiOptions {
  doc: Document;
  signal?: AbortSignal;
}

export function createCardUi(options: CardUiOptions): CardUi {
  const host: CardHost = createCardHost({
    doc: options.doc,
    css: `${cardCss}\n${css}`,
    signal: options.signal,
  });
  const view = (props: HoverCardProps): ComponentChild => <HoverCard {...props} />;
  return {
    get host() {
      return host.host;
    },
    show: (anchor, props) => host.show(anchor, view(props)),
    hide: () => host.hide(),
    focusables: () => host.focusables(),
    activeInCard: () => host.activeInCard(),
  };
}

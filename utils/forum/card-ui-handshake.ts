import type { ApiError } from '../api/errors';
import type { Player } from '../api/schemas';

/*
 * The contract between the forum content script (entrypoints/forum.content/) and the card UI
 * script (entrypoints/hover-card/), which the background injects on the first hover (why:
 * docs/architecture.md). The UI registers itself under a global only extension code can see
 * (one extension's content scripts share an isolated world; the page's scripts live in
 * another). No `wxt/browser` here: the injected script imports this file too.
 */

/** What the card shows: waiting for the background, the player, or one line about an error. */
export type HoverCardState =
  | { kind: 'loading' }
  | { kind: 'player'; player: Player }
  /** `until`: when the memorised error expires (a rate limit counts down to it). */
  | { kind: 'error'; error: ApiError; until: number };

export interface HoverCardProps {
  /** The player's name as found on the page (the player's own spelling replaces it once known). */
  name: string;
  /**
   * The name the forum shows for this player when it is not the account name (a nickname, a
   * full name, "You"): page text, shown as text beside the player, never markup.
   */
  displayName?: string;
  state: HoverCardState;
  /** ms epoch, for the rate-limit countdown. */
  now: number;
  onOpenFull: (name: string) => void;
}

/**
 * Everything only an open card needs (Preact, PlayerCard, Floating UI, the styles) behind one
 * small interface, so the always-loaded part of the content script (listeners, username
 * detection, the reply memo) does not depend on it and it can be loaded on first use.
 */
export interface CardUi {
  /** The shadow host while a card is on the page, else null. */
  readonly host: Element | null;
  /** Show the card for `view` beside `anchor`. */
  show(anchor: Element, view: HoverCardProps): void;
  /** Take the card off the page. */
  hide(): void;
  /** The card's focusable controls in tab order. */
  focusables(): HTMLElement[];
  /** The focused element inside the card, or null. */
  activeInCard(): Element | null;
}

export interface CardUiOptions {
  doc: Document;
  signal?: AbortSignal;
}

export type CreateCardUi = (options: CardUiOptions) => CardUi;

export const CARD_UI_KEY: unique symbol = Symbol.for('network-companion:hover-card-ui') as never;

type Registry = { [CARD_UI_KEY]?: CreateCardUi };

export function registerCardUi(create: CreateCardUi, scope: object = globalThis): void {
  (scope as Registry)[CARD_UI_KEY] = create;
}

export function registeredCardUi(scope: object = globalThis): CreateCardUi | undefined {
  return (scope as Registry)[CARD_UI_KEY];
}

/** The registered card UI, after asking (`inject`) for its script when it is not there yet. */
export async function loadInjectedCardUi(
  inject: () => Promise<unknown>,
  scope: object = globalThis,
): Promise<CreateCardUi> {
  const present = registeredCardUi(scope);
  if (present !== undefined) return present;
  await inject();
  const create = registeredCardUi(scope);
  if (create === undefined) throw new Error('The hover card UI could not be loaded');
  return create;
}

import type { CardUi, CardUiOptions } from './card-ui';

/**
 * Loading the card UI as a separate script, on first use. The card's code (Preact, the
 * PlayerCard, Floating UI, the styles) is only needed once a name is hovered; built as its
 * own unlisted script and injected into this frame's isolated world by the background
 * (`scripting.executeScript`) when asked, it registers itself here under a global that only
 * extension code can see (the content scripts of one extension share one isolated world; the
 * page's own scripts live in another).
 *
 * No `wxt/browser` import here: the injected script imports this file too and must not carry
 * the polyfill. The caller passes the request that makes the background inject the script.
 */
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

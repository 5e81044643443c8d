import { lookupIdentifier } from './lookup-identifier';
import { defaultSuggestionFor, type OmniboxSuggestion, suggestionsFor } from './omnibox-suggestions';
import type { Disposition } from './open-player-view';

/**
 * The address bar, keyword `nc` (wxt.config.ts): `nc Not` suggests matching names from a local
 * list, Enter opens the player view. Nothing here asks the API: the look-up happens in the
 * player view, once, after Enter.
 */

interface Listenable<L> {
  addListener(listener: L): void;
}

/** The part of `browser.omnibox` used here (the same in Chrome and Firefox). */
export interface OmniboxApi {
  setDefaultSuggestion(suggestion: { description: string }): unknown;
  onInputStarted: Listenable<() => void>;
  onInputChanged: Listenable<(text: string, suggest: (results: OmniboxSuggestion[]) => void) => void>;
  onInputEntered: Listenable<(text: string, disposition: Disposition) => void>;
}

export interface OmniboxDeps {
  /** Names to suggest, best first. */
  names: () => Promise<string[]>;
  /** Descriptions are XML (Chrome) rather than plain text (Firefox). */
  markup: boolean;
  open: (identifier: string, disposition: Disposition) => Promise<unknown>;
  warn: (what: string) => (error: unknown) => void;
}

export interface OmniboxHandlers {
  started(): void;
  changed(text: string, suggest: (results: OmniboxSuggestion[]) => void): Promise<void>;
  /** Resolves true when the player view was opened. */
  entered(text: string, disposition: Disposition): Promise<boolean>;
}

export function createOmniboxHandlers(api: Pick<OmniboxApi, 'setDefaultSuggestion'>, deps: OmniboxDeps) {
  /** Only the latest input's suggestions are shown (reading the names is asynchronous). */
  let latest = 0;

  const setDefault = (text: string) => {
    try {
      void Promise.resolve(
        api.setDefaultSuggestion({ description: defaultSuggestionFor(text, deps.markup) }),
      ).catch(deps.warn('the address bar suggestion'));
    } catch (error) {
      deps.warn('the address bar suggestion')(error);
    }
  };

  const handlers: OmniboxHandlers = {
    started: () => setDefault(''),
    changed: async (text, suggest) => {
      const turn = ++latest;
      setDefault(text);
      let names: string[] = [];
      try {
        names = await deps.names();
      } catch (error) {
        deps.warn('reading names for the address bar')(error);
      }
      if (turn === latest) suggest(suggestionsFor(text, names, deps.markup));
    },
    entered: async (text, disposition) => {
      const identifier = lookupIdentifier(text);
      // The default line already said why; a wrong input opens nothing.
      if (identifier === null) return false;
      await deps.open(identifier, disposition);
      return true;
    },
  };
  return handlers;
}

/** Registers the listeners; call synchronously in the background's first turn. */
export function registerOmnibox(api: OmniboxApi, deps: OmniboxDeps): OmniboxHandlers {
  const handlers = createOmniboxHandlers(api, deps);
  api.onInputStarted.addListener(() => handlers.started());
  api.onInputChanged.addListener((text, suggest) => {
    handlers.changed(text, suggest).catch(deps.warn('address bar suggestions'));
  });
  api.onInputEntered.addListener((text, disposition) => {
    handlers.entered(text, disposition).catch(deps.warn('opening the player view'));
  });
  return handlers;
}

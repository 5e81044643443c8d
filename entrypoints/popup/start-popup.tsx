import { render } from 'preact';
import { applyDocumentLanguage } from '../../utils/i18n/ui-language';
import { readLastCount } from '../../utils/last-count';
import { App } from './App';
import { withLinkedPlayer } from './linked-player';
import { withLinkedSearch } from './linked-search';
import { loadPopupState } from './popup-state';

/**
 * Renders the popup's App (in the popup and in the side panel) in place of the static shell.
 * The only work before the first render, read together: where the user was, and the badge's
 * last count for the header. Everything else comes after.
 */
export function startPopup(): void {
  const root = document.getElementById('app');
  if (!root) return;
  applyDocumentLanguage();
  void Promise.all([loadPopupState(), readLastCount()]).then(([state, lastCount]) => {
    root.replaceChildren(); // the static shell from index.html, gone in the same task
    // A link may name a player (the hover card's "Open in popup") or a saved search (an alert).
    const initialState = withLinkedSearch(withLinkedPlayer(state, location.search), location.search);
    render(<App initialState={initialState} lastCount={lastCount} />, root);
  });
}

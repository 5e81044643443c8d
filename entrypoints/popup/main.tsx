import { render } from 'preact';
import '../../components/player-card.css';
import '../../components/status.css';
import { App } from './App';
import { withLinkedPlayer } from './linked-player';
import { withLinkedSearch } from './linked-search';
import { loadPopupState } from './popup-state';
import './popup.css';

// The only work before the first render: where the user was. Data comes after.
const root = document.getElementById('app');
if (root) {
  void loadPopupState().then((state) => {
    root.replaceChildren(); // the static shell from index.html, gone in the same task
    render(
      <App initialState={withLinkedSearch(withLinkedPlayer(state, location.search), location.search)} />,
      root,
    );
  });
}

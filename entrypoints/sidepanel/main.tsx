import { render } from 'preact';
import '../../components/player-card.css';
import '../../components/status.css';
import { App } from '../popup/App';
import { withLinkedPlayer } from '../popup/linked-player';
import { loadPopupState } from '../popup/popup-state';
import '../popup/popup.css';
import './sidepanel.css';

/**
 * The side panel (Chrome `side_panel`, Firefox `sidebar_action`): the popup's App, unchanged,
 * in a panel that stays open while browsing. Only the layout differs (sidepanel.css, keyed on
 * the `sidepanel` class of <html>); the data comes through the same background gateway and
 * its cache, so an open panel asks the API for nothing the popup would not.
 */
const root = document.getElementById('app');
if (root) {
  void loadPopupState().then((state) => {
    root.replaceChildren();
    render(<App initialState={withLinkedPlayer(state, location.search)} />, root);
  });
}

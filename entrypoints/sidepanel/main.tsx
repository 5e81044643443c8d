import '../../components/player-card.css';
import '../../components/player-card-full.css';
import '../../components/status.css';
import { startPopup } from '../popup/start-popup';
import '../popup/popup.css';
import './sidepanel.css';

/**
 * The side panel (Chrome `side_panel`, Firefox `sidebar_action`): the popup's App, unchanged,
 * in a panel that stays open while browsing. Only the layout differs (sidepanel.css, keyed on
 * the `sidepanel` class of <html>); the data comes through the same background gateway and
 * its cache, so an open panel asks the API for nothing the popup would not.
 */
startPopup();

import '../../components/player-card.css';
import '../../components/player-card-full.css';
import '../../components/status.css';
import { startPopup } from './start-popup';
import './popup.css';

startPopup();

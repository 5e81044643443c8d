import { render } from 'preact';
import { t } from '../../utils/i18n/translate';
import { applyDocumentLanguage } from '../../utils/i18n/ui-language';
import { App } from './App';
import './options.css';

applyDocumentLanguage();
document.title = t('extension.optionsTitle');
const root = document.getElementById('app');
if (root) render(<App />, root);

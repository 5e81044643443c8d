import { render } from 'preact';
import { t } from '../../utils/i18n/translate';
import { applyDocumentLanguage } from '../../utils/i18n/ui-language';
import { PrivacyPage } from './PrivacyPage';
import './privacy.css';

applyDocumentLanguage();
document.title = `${t('privacy.title')} · ${t('extension.name')}`;
const root = document.getElementById('app');
if (root) render(<PrivacyPage />, root);

import { t } from '../../utils/i18n/translate';
import { openOptions } from './open-options';

/** Shown instead of the tabs until an API key and base URL are set: one step, one button. */
export function SetupPrompt() {
  return (
    <main class="setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('popup.setup.title')}</h2>
      <p>{t('popup.setup.body')}</p>
      <button type="button" class="button button--primary" onClick={openOptions}>
        {t('popup.setup.openOptions')}
      </button>
    </main>
  );
}

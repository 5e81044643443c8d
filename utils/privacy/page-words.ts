import { t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';
import type { PrivacyWords } from './privacy-text';

/** The privacy policy's words in the browser's UI language (the catalogue the browser picked). */
export const pageWords: PrivacyWords = {
  t,
  sentIntro: (header) => t('privacy.sentIntro', { header }),
  keptDays: (days) => t('privacy.kept.days', { days }),
  footnote: (synced) => t('options.footnote', { synced }),
  list: (items) => new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(items),
};

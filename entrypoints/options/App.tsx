import { useState } from 'preact/hooks';
import { lazyView } from '../../components/lazy-view';
import { t } from '../../utils/i18n/translate';
import { pageWords } from '../../utils/privacy/page-words';
import { optionsFootnote } from '../../utils/privacy/privacy-text';
import { ConnectionSection } from './ConnectionSection';
import { useSettings } from './use-settings';

// The sections after the connection load on demand (SettingsSections.tsx says why).
const SettingsSections = lazyView(() =>
  import('./SettingsSections').then((module) => module.SettingsSections),
);

export function App() {
  const settings = useSettings();
  /** Whether the settings after the connection are of use yet; null until the connection is read. */
  const [usable, setUsable] = useState<boolean | null>(null);
  return (
    <main class="options">
      <h1>{t('extension.optionsTitle')}</h1>
      <ConnectionSection onUsable={setUsable} />
      {settings === null || usable === null ? (
        <p class="loading">{t('options.loadingSettings')}</p>
      ) : usable ? (
        <SettingsSections settings={settings} />
      ) : (
        // A first run sees one step: the rest would only fail until the connection works.
        <p class="locked">{t('options.lockedUntilConnected')}</p>
      )}
      <footer class="footnote">
        {/* What is synced comes from the registry of stored values (utils/storage/data-registry.ts). */}
        <p>{optionsFootnote(pageWords)}</p>
        <p>
          <a href="/privacy.html" target="_blank" rel="noopener">
            {t('options.privacyLink')}
          </a>
        </p>
      </footer>
    </main>
  );
}

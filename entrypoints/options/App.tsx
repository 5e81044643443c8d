import { lazyView } from '../../components/lazy-view';
import { t } from '../../utils/i18n/translate';
import { ConnectionSection } from './ConnectionSection';
import { useSettings } from './use-settings';

// The sections after the connection load on demand (SettingsSections.tsx says why).
const SettingsSections = lazyView(() =>
  import('./SettingsSections').then((module) => module.SettingsSections),
);

export function App() {
  const settings = useSettings();
  return (
    <main class="options">
      <h1>{t('extension.optionsTitle')}</h1>
      <ConnectionSection />
      {settings === null ? (
        <p class="loading">{t('options.loadingSettings')}</p>
      ) : (
        <SettingsSections settings={settings} />
      )}
      <p class="footnote">{t('options.footnote')}</p>
    </main>
  );
}

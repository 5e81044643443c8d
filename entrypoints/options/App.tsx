import { lazyView } from '../../components/lazy-view';
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
      <h1>Network Companion options</h1>
      <ConnectionSection />
      {settings === null ? (
        <p class="loading">Loading your settings…</p>
      ) : (
        <SettingsSections settings={settings} />
      )}
      <p class="footnote">
        Everything on this page is kept in this browser's local extension storage and is never synced to your
        other devices. Your watched players are the one thing synced, through your browser account.
      </p>
    </main>
  );
}

import { lazyView } from '../../components/lazy-view';
import { BadgeSection } from './BadgeSection';
import { ConnectionSection } from './ConnectionSection';
import { ForumSitesSection } from './ForumSitesSection';
import { HoverSection } from './HoverSection';
import { PlayerSection } from './PlayerSection';
import { ShortcutSection } from './ShortcutSection';
import { useSettings } from './use-settings';

// The history database code loads with this section, after the settings.
const HistorySection = lazyView(() => import('./HistorySection').then((module) => module.HistorySection));

export function App() {
  const settings = useSettings();
  return (
    <main class="options">
      <h1>Network Companion options</h1>
      <ConnectionSection />
      {settings === null ? (
        <p class="loading">Loading your settings…</p>
      ) : (
        <>
          <ForumSitesSection sites={settings.forumSites} />
          <HoverSection hoverDelayMs={settings.hoverDelayMs} />
          <BadgeSection
            badgeEnabled={settings.badgeEnabled}
            badgeIntervalSeconds={settings.badgeIntervalSeconds}
          />
          <PlayerSection ownName={settings.ownName} />
          <ShortcutSection />
          <HistorySection />
        </>
      )}
      <p class="footnote">
        Everything on this page is kept in this browser's local extension storage and is never synced to your
        other devices.
      </p>
    </main>
  );
}

import { BadgeSection } from './BadgeSection';
import { ConnectionSection } from './ConnectionSection';
import { ForumSitesSection } from './ForumSitesSection';
import { HoverSection } from './HoverSection';
import { PlayerSection } from './PlayerSection';
import { SavedSearchesSection } from './SavedSearchesSection';
import { ShortcutSection } from './ShortcutSection';
import { useSettings } from './use-settings';

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
          <SavedSearchesSection />
          <ShortcutSection />
        </>
      )}
      <p class="footnote">
        Everything on this page is kept in this browser's local extension storage and is never synced to your
        other devices.
      </p>
    </main>
  );
}

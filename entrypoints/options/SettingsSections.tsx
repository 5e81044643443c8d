import type { Settings } from '../../utils/settings';
import { BadgeSection } from './BadgeSection';
import { ForumSitesSection } from './ForumSitesSection';
import { HoverSection } from './HoverSection';
import { PlayerSection } from './PlayerSection';
import { SavedSearchesSection } from './SavedSearchesSection';
import { ShortcutSection } from './ShortcutSection';

export interface SettingsSectionsProps {
  settings: Settings;
}

/**
 * Every section after the connection, in one chunk loaded on demand (App.tsx): the page
 * paints the connection form first, and a new section added here costs its first paint nothing.
 */
export function SettingsSections({ settings }: SettingsSectionsProps) {
  return (
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
  );
}

import type { Settings } from '../../utils/settings';
import { BackgroundSection } from './BackgroundSection';
import { BadgeSection } from './BadgeSection';
import { BackupSection } from './backup/BackupSection';
import { ForumSitesSection } from './ForumSitesSection';
import { HistorySection } from './HistorySection';
import { HoverSection } from './HoverSection';
import { PlayerSection } from './PlayerSection';
import { ProgressSection } from './progress/ProgressSection';
import { RemindersSection } from './RemindersSection';
import { RankWatchSection } from './rank-watch/RankWatchSection';
import { SavedSearchesSection } from './SavedSearchesSection';
import { ShortcutSection } from './ShortcutSection';
import { budgetSettings } from './stream-loads';
import { WatchlistSection } from './WatchlistSection';

export interface SettingsSectionsProps {
  settings: Settings;
}

/**
 * Every section after the connection, in one chunk loaded on demand (App.tsx): the page
 * paints the connection form first, and a new section added here costs its first paint nothing.
 */
export function SettingsSections({ settings }: SettingsSectionsProps) {
  // The two sections that estimate the background's pace read the same settings.
  const budget = budgetSettings(settings);
  return (
    <>
      <ForumSitesSection sites={settings.forumSites} />
      <HoverSection hoverDelayMs={settings.hoverDelayMs} />
      <BadgeSection
        badgeEnabled={settings.badgeEnabled}
        badgeIntervalSeconds={settings.badgeIntervalSeconds}
        badgePace={settings.badgePace}
        badgeShows={settings.badgeShows}
      />
      <WatchlistSection notifyWatchedOnline={settings.notifyWatchedOnline} />
      <BackgroundSection {...budget} />
      <PlayerSection ownName={settings.ownName} />
      <ProgressSection resetHour={settings.progressResetHour} />
      <RankWatchSection {...settings} />
      <SavedSearchesSection {...budget} />
      <RemindersSection reminderMinutes={settings.reminderMinutes} />
      <ShortcutSection />
      <HistorySection />
      <BackupSection />
    </>
  );
}

import { t } from '../../utils/i18n/translate';
import { alertChecksSentence } from './alert-checks-text';
import { OptionsSection } from './OptionsSection';
import { WatchedSellers } from './seller-watch/WatchedSellers';
import { type BudgetSettings, badgeLoad, rankWatchLoad, STREAM_KEYS, watchlistLoad } from './stream-loads';
import { useBackgroundCounts } from './use-background-counts';

export type SavedSearchesSectionProps = BudgetSettings;

/**
 * How often saved searches with an alert are checked in the background, at the current budget,
 * beside the badge and the watchlist that share it.
 */
export function SavedSearchesSection(props: SavedSearchesSectionProps) {
  const counts = useBackgroundCounts();
  const others = counts && {
    [STREAM_KEYS.badge]: badgeLoad(props),
    [STREAM_KEYS.watchlist]: watchlistLoad(counts.watched),
    [STREAM_KEYS.rankWatch]: rankWatchLoad(props, counts.watched),
  };
  return (
    <OptionsSection name="saved-searches" heading={t('options.savedSearches.heading')}>
      <p class="hint">
        {counts === null || others === null
          ? t('options.savedSearches.reading')
          : alertChecksSentence(counts.alerts, props.backgroundRequestsPerHour, others)}
      </p>
      <WatchedSellers />
    </OptionsSection>
  );
}

import { type MessageKey, plural, t } from '../../utils/i18n/translate';
import { BADGE_SHOWS, type BadgePace, type BadgeShows } from '../../utils/settings';
import { CheckField } from './CheckField';
import { OptionsSection } from './OptionsSection';
import { SelectField } from './SelectField';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

/** The refresh intervals offered, in seconds (30 s is the shortest the browser allows). */
const BADGE_INTERVALS_SECONDS = [30, 60, 120, 300, 600, 900] as const;

/** 30 → "Every 30 seconds", 60 → "Every 1 minute", 300 → "Every 5 minutes", 90 → "Every 1 min 30 s". */
export function intervalLabel(seconds: number): string {
  if (seconds < 60) return plural('options.badge.everySeconds', seconds);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (rest !== 0) return t('options.badge.everyMinutesSeconds', { minutes, seconds: rest });
  return plural('options.badge.everyMinutes', minutes);
}

/** The select's value for the Automatic pace (the fixed ones are their seconds). */
const AUTOMATIC = 'automatic';

export interface BadgeSectionProps {
  badgeEnabled: boolean;
  badgeIntervalSeconds: number;
  /** Absent: Automatic, the default. */
  badgePace?: BadgePace;
  badgeShows?: BadgeShows;
}

const BADGE_SHOWS_LABELS = {
  'online-count': 'options.badge.showsOnlineCount',
  'watched-online': 'options.badge.showsWatchedOnline',
} as const satisfies Record<BadgeShows, MessageKey>;

/** The online count on the toolbar badge: on or off, and how often it is fetched. */
export function BadgeSection({
  badgeEnabled,
  badgeIntervalSeconds,
  badgePace = 'automatic',
  badgeShows = 'online-count',
}: BadgeSectionProps) {
  const [status, showStatus] = useFlashStatus();
  const choices: readonly number[] = BADGE_INTERVALS_SECONDS.includes(
    badgeIntervalSeconds as (typeof BADGE_INTERVALS_SECONDS)[number],
  )
    ? BADGE_INTERVALS_SECONDS
    : [...BADGE_INTERVALS_SECONDS, badgeIntervalSeconds].sort((a, b) => a - b);

  return (
    <OptionsSection name="badge" heading={t('options.badge.heading')} status={status} folded>
      <CheckField
        id="badge-enabled"
        label={t('options.badge.enabled')}
        checked={badgeEnabled}
        onChange={(checked) => saveSetting({ badgeEnabled: checked }, showStatus)}
      />
      <SelectField
        id="badge-shows"
        label={t('options.badge.showsLabel')}
        value={badgeShows}
        choices={BADGE_SHOWS.map((option) => ({ value: option, label: t(BADGE_SHOWS_LABELS[option]) }))}
        help={t('options.badge.showsHelp')}
        onChange={(value) => {
          const shows = BADGE_SHOWS.find((option) => option === value);
          if (shows) saveSetting({ badgeShows: shows }, showStatus);
        }}
      />
      <SelectField
        id="badge-interval"
        label={t('options.badge.intervalLabel')}
        value={badgePace === 'automatic' ? AUTOMATIC : String(badgeIntervalSeconds)}
        choices={[
          { value: AUTOMATIC, label: t('options.badge.intervalAutomatic') },
          ...choices.map((seconds) => ({ value: String(seconds), label: intervalLabel(seconds) })),
        ]}
        help={t('options.badge.intervalHelp')}
        onChange={(value) =>
          saveSetting(
            value === AUTOMATIC
              ? { badgePace: 'automatic' }
              : { badgePace: 'fixed', badgeIntervalSeconds: Number(value) },
            showStatus,
          )
        }
      />
    </OptionsSection>
  );
}

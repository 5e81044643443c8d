import { StatusMessage } from '../../components/StatusMessage';
import { type MessageKey, plural, t } from '../../utils/i18n/translate';
import { BADGE_SHOWS, type BadgeShows } from '../../utils/settings';
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

export interface BadgeSectionProps {
  badgeEnabled: boolean;
  badgeIntervalSeconds: number;
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
  badgeShows = 'online-count',
}: BadgeSectionProps) {
  const [status, showStatus] = useFlashStatus();
  const choices: readonly number[] = BADGE_INTERVALS_SECONDS.includes(
    badgeIntervalSeconds as (typeof BADGE_INTERVALS_SECONDS)[number],
  )
    ? BADGE_INTERVALS_SECONDS
    : [...BADGE_INTERVALS_SECONDS, badgeIntervalSeconds].sort((a, b) => a - b);

  return (
    <section class="options-section" aria-labelledby="badge-heading">
      <h2 id="badge-heading">{t('options.badge.heading')}</h2>
      <div class="field field--check">
        <input
          id="badge-enabled"
          type="checkbox"
          checked={badgeEnabled}
          onChange={(event) => saveSetting({ badgeEnabled: event.currentTarget.checked }, showStatus)}
        />
        <label for="badge-enabled">{t('options.badge.enabled')}</label>
      </div>
      <div class="field">
        <label for="badge-shows">{t('options.badge.showsLabel')}</label>
        <select
          id="badge-shows"
          value={badgeShows}
          aria-describedby="badge-shows-help"
          onChange={(event) => {
            const value = event.currentTarget.value;
            const shows = BADGE_SHOWS.find((option) => option === value);
            if (shows) saveSetting({ badgeShows: shows }, showStatus);
          }}
        >
          {BADGE_SHOWS.map((option) => (
            <option key={option} value={option}>
              {t(BADGE_SHOWS_LABELS[option])}
            </option>
          ))}
        </select>
        <p id="badge-shows-help" class="hint">
          {t('options.badge.showsHelp')}
        </p>
      </div>
      <div class="field">
        <label for="badge-interval">{t('options.badge.intervalLabel')}</label>
        <select
          id="badge-interval"
          value={String(badgeIntervalSeconds)}
          aria-describedby="badge-interval-help"
          onChange={(event) =>
            saveSetting({ badgeIntervalSeconds: Number(event.currentTarget.value) }, showStatus)
          }
        >
          {choices.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {intervalLabel(seconds)}
            </option>
          ))}
        </select>
        <p id="badge-interval-help" class="hint">
          {t('options.badge.intervalHelp')}
        </p>
      </div>
      <StatusMessage status={status} id="badge-status" />
    </section>
  );
}

import { StatusMessage } from '../../components/StatusMessage';
import { BADGE_SHOWS, type BadgeShows } from '../../utils/settings';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

/** The refresh intervals offered, in seconds (30 s is the shortest the browser allows). */
const BADGE_INTERVALS_SECONDS = [30, 60, 120, 300, 600, 900] as const;

/** 30 → "30 seconds", 60 → "1 minute", 300 → "5 minutes", 90 → "1 min 30 s". */
export function intervalLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (rest !== 0) return `${minutes} min ${rest} s`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export interface BadgeSectionProps {
  badgeEnabled: boolean;
  badgeIntervalSeconds: number;
  badgeShows?: BadgeShows;
}

const BADGE_SHOWS_LABELS: Record<BadgeShows, string> = {
  'online-count': 'Players online on the network',
  'watched-online': 'Watched players online',
};

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
      <h2 id="badge-heading">Badge</h2>
      <div class="field field--check">
        <input
          id="badge-enabled"
          type="checkbox"
          checked={badgeEnabled}
          onChange={(event) => saveSetting({ badgeEnabled: event.currentTarget.checked }, showStatus)}
        />
        <label for="badge-enabled">Show online count on badge</label>
      </div>
      <div class="field">
        <label for="badge-shows">Badge shows</label>
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
              {BADGE_SHOWS_LABELS[option]}
            </option>
          ))}
        </select>
        <p id="badge-shows-help" class="hint">
          Watched players online are counted from the watchlist’s own checks: no extra requests.
        </p>
      </div>
      <div class="field">
        <label for="badge-interval">Badge refresh interval</label>
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
              Every {intervalLabel(seconds)}
            </option>
          ))}
        </select>
        <p id="badge-interval-help" class="hint">
          How often the network-wide player count on the toolbar icon is fetched.
        </p>
      </div>
      <StatusMessage status={status} id="badge-status" />
    </section>
  );
}

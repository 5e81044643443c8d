import type { ComponentChildren, CSSProperties } from 'preact';
import type { Player } from '../utils/api/schemas';
import { firstColour, stripColourCodes } from '../utils/colour-codes';
import { formatCompact, formatKd, formatNumber, formatPlaytime } from '../utils/format';
import { t } from '../utils/i18n/translate';
import { CopyButton } from './CopyButton';
import { RankText } from './RankText';
import { themeColours } from './theme-colours';

export interface PlayerCardProps {
  player: Player;
  /** `full`: the popup's Player tab. `compact`: the hover card (no UUID, no kills/deaths). */
  variant: 'full' | 'compact';
  /** The level of the name's heading; 2 by default. */
  headingLevel?: 2 | 3;
  /** Shows an "Open in popup" button (compact variant) that calls this. */
  onOpenFull?: () => void;
  /**
   * Controls shown beside the name (the Watch toggle, components/WatchButton.tsx): passed in so
   * that each view decides when their code loads.
   */
  actions?: ComponentChildren;
  /** Shown at the card's end, under the UUID (the popup's history charts of a watched player). */
  footer?: ComponentChildren;
  /**
   * The current time (ms epoch) for anything time-dependent. Nothing on the card depends on
   * the clock today; callers that render cards in tests may pass it for determinism.
   */
  now?: number;
}

/** The card's accent: the rank's first colour code (docs/api-spec.md §2.4), or the theme's accent when there is none. */
function accentStyle(rankDisplay: string): CSSProperties {
  const colour = firstColour(rankDisplay);
  if (colour === null) return {};
  const readable = themeColours(colour.hex);
  return {
    '--card-accent': colour.hex,
    '--card-accent-light': readable.light,
    '--card-accent-dark': readable.dark,
  };
}

/**
 * A full number with grouping, its compact form as a tooltip (and for screen readers, the full
 * one only). One unbreakable figure: player-card.css keeps it on one line.
 */
function Amount({ value }: { value: number }) {
  const full = formatNumber(value);
  const compact = formatCompact(value);
  return (
    <span class="player-card__amount player-card__figure" title={compact === full ? undefined : compact}>
      {full}
    </span>
  );
}

function OnlineStatus({ online }: { online: boolean }) {
  return (
    <span class={online ? 'player-card__status player-card__status--online' : 'player-card__status'}>
      <span class="player-card__dot" aria-hidden="true" />
      {online ? t('card.player.online') : t('card.player.offline')}
    </span>
  );
}

interface Stat {
  /** Names the stat's class for the layout (`player-card__stat--kd`), whatever the language. */
  id: 'balance' | 'shards' | 'kills' | 'deaths' | 'kd' | 'playtime';
  label: string;
  value: ComponentChildren;
  /** Stats the lag note is about get a marker. */
  mayLag?: boolean;
}

function statsFor(player: Player, variant: PlayerCardProps['variant']): Stat[] {
  const { kills, deaths, playtime_ticks } = player.stats;
  const money: Stat[] = [
    { id: 'balance', label: t('card.player.balance'), value: <Amount value={player.balance} /> },
    { id: 'shards', label: t('card.player.shards'), value: <Amount value={player.shards} /> },
  ];
  const kd: Stat = { id: 'kd', label: t('card.player.kd'), value: formatKd(kills, deaths), mayLag: true };
  const playtime: Stat = {
    id: 'playtime',
    label: t('card.player.playtime'),
    value: formatPlaytime(playtime_ticks),
    mayLag: true,
  };
  if (variant === 'compact') return [...money, kd, playtime];
  return [
    ...money,
    { id: 'kills', label: t('card.player.kills'), value: formatNumber(kills), mayLag: true },
    { id: 'deaths', label: t('card.player.deaths'), value: formatNumber(deaths), mayLag: true },
    kd,
    playtime,
  ];
}

/**
 * One player's card: name, rank in its colours, online status, money and stats. The popup's
 * Player tab uses the `full` variant, the forum hover card the `compact` one inside a shadow
 * root, which is why every style it needs lives in player-card.css (importable with `?inline`)
 * and hangs off the `.player-card` root. This module does not import that CSS itself (so a
 * content script does not leak it onto the page): the popup imports `player-card.css`, the
 * hover card injects `player-card.css?inline` into its shadow root. The root carries the rank's first colour as
 * `--card-accent` (raw) and `--card-accent-light` / `--card-accent-dark` (readable on each theme).
 */
export function PlayerCard({
  player,
  variant,
  headingLevel = 2,
  onOpenFull,
  actions,
  footer,
}: PlayerCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const lag = player.stats_may_lag;
  const hasRank = stripColourCodes(player.rank.display).trim() !== '';
  return (
    <article
      class={`player-card player-card--${variant}`}
      style={accentStyle(player.rank.display)}
      aria-label={t('card.player.label', { name: player.name })}
    >
      <header class="player-card__header">
        <div class="player-card__identity">
          <Heading class="player-card__name">{player.name}</Heading>
          <div class="player-card__meta">
            {hasRank && <RankText text={player.rank.display} class="player-card__rank" />}
            <OnlineStatus online={player.online} />
          </div>
        </div>
        {actions}
      </header>
      <dl class="player-card__stats">
        {statsFor(player, variant).map((stat) => (
          <div class={`player-card__stat player-card__stat--${stat.id}`} key={stat.id}>
            <dt>{stat.label}</dt>
            <dd>
              {stat.value}
              {lag && stat.mayLag && (
                <span class="player-card__lag-mark" aria-hidden="true">
                  *
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {lag && (
        <p class="player-card__note">
          <span aria-hidden="true">* </span>
          {t('card.player.lagNote')}
        </p>
      )}
      {variant === 'full' && (
        <p class="player-card__uuid">
          <span class="player-card__uuid-label">{t('card.player.uuid')}</span>{' '}
          <code class="player-card__uuid-value">{player.uuid}</code>{' '}
          <CopyButton text={player.uuid} label={t('card.player.copyUuid')} />
        </p>
      )}
      {footer}
      {onOpenFull && (
        <button type="button" class="player-card__open" onClick={onOpenFull}>
          {t('card.player.openInPopup')}
        </button>
      )}
    </article>
  );
}

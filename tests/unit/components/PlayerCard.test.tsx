import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerCard } from '@/components/PlayerCard';
import { readableOn } from '@/utils/colour-codes';
import { speak } from '../../fixtures/catalogues';
import { makePlayer } from '../../fixtures/players';

const LAG_NOTE = 'Kills, deaths and playtime may be a few minutes behind while the player is online.';

/** Vitest does not process CSS, so read the file the hover card imports with `?inline`. */
const cardCss = readFileSync(resolve(__dirname, '../../../components/player-card.css'), 'utf8');

/** The <dd> after the <dt> with this label. */
function statCell(label: string): Element {
  const cell = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (cell === null) throw new Error(`no value for ${label}`);
  return cell;
}

/** The value shown for a stat, without the lag marker. */
function statValue(label: string): string {
  const cell = statCell(label).cloneNode(true) as Element;
  for (const mark of cell.querySelectorAll('.player-card__lag-mark')) mark.remove();
  return cell.textContent ?? '';
}

const hasLagMark = (label: string) => statCell(label).querySelector('.player-card__lag-mark') !== null;

describe('PlayerCard', () => {
  afterEach(cleanup);

  it('shows the name as a level-2 heading by default, and level 3 when asked', () => {
    render(<PlayerCard player={makePlayer()} variant="full" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Steve' })).toBeTruthy();
    cleanup();
    render(<PlayerCard player={makePlayer()} variant="full" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Steve' })).toBeTruthy();
  });

  it('renders the rank in its colours without any & code visible', () => {
    const { container } = render(<PlayerCard player={makePlayer()} variant="full" />);
    const rank = container.querySelector<HTMLElement>('.rank-text');
    expect(rank?.textContent).toBe('ADMIN');
    expect(rank?.querySelector('span')?.style.fontWeight).toBe('bold');
    expect(container.textContent).not.toContain('&');
  });

  it('renders hostile rank text as text, never as markup', () => {
    const display = '<img src=x onerror=alert(1)>&c<script>alert(1)</script>&';
    const { container } = render(
      <PlayerCard player={makePlayer({ rank: { id: 'x', display, weight: 1 } })} variant="full" />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('leaves the rank out when it has no visible text', () => {
    const { container } = render(
      <PlayerCard player={makePlayer({ rank: { id: 'none', display: '&7', weight: 0 } })} variant="full" />,
    );
    expect(container.querySelector('.rank-text')).toBeNull();
  });

  it('shows Online or Offline in words', () => {
    render(<PlayerCard player={makePlayer({ online: true })} variant="full" />);
    expect(screen.getByText('Online')).toBeTruthy();
    cleanup();
    render(<PlayerCard player={makePlayer({ online: false, stats_may_lag: false })} variant="full" />);
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it('shows balance and shards grouped in full, with the compact form as a tooltip', () => {
    render(<PlayerCard player={makePlayer({ balance: 1_234_567.5, shards: 999 })} variant="full" />);
    expect(statValue('Balance')).toBe('1,234,567.5');
    expect(screen.getByText('1,234,567.5').getAttribute('title')).toBe('1.2M');
    expect(statValue('Shards')).toBe('999');
    expect(screen.getByText('999', { selector: 'span' }).getAttribute('title')).toBeNull();
  });

  it('shows kills, deaths, K/D and playtime in hours and days', () => {
    render(<PlayerCard player={makePlayer({ stats_may_lag: false })} variant="full" />);
    expect(statValue('Kills')).toBe('3,120');
    expect(statValue('Deaths')).toBe('1,877');
    expect(statValue('K/D')).toBe('1.66');
    expect(statValue('Playtime')).toBe('1,234 h (51 days)');
  });

  it('handles zero deaths without Infinity or NaN', () => {
    const player = makePlayer({
      stats: { kills: 42, deaths: 0, playtime_ticks: 1_296_000, playtime_hours: 18 },
      stats_may_lag: false,
    });
    const { container } = render(<PlayerCard player={player} variant="full" />);
    expect(statValue('K/D')).toBe('42.00');
    expect(container.textContent).not.toMatch(/Infinity|NaN/);
  });

  it('shows the lag note only when stats_may_lag is true', () => {
    render(<PlayerCard player={makePlayer({ stats_may_lag: true })} variant="full" />);
    expect(screen.getByText(LAG_NOTE)).toBeTruthy();
    expect(['Kills', 'Deaths', 'K/D', 'Playtime'].map(hasLagMark)).toEqual([true, true, true, true]);
    expect(['Balance', 'Shards'].map(hasLagMark)).toEqual([false, false]);
    cleanup();
    render(<PlayerCard player={makePlayer({ online: false, stats_may_lag: false })} variant="full" />);
    expect(screen.queryByText(LAG_NOTE)).toBeNull();
    expect(hasLagMark('Kills')).toBe(false);
  });

  it('shows the UUID with a copy button that copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<PlayerCard player={makePlayer()} variant="full" />);
    expect(screen.getByText('5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy UUID' }));
    expect(writeText).toHaveBeenCalledWith('5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says so when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<PlayerCard player={makePlayer()} variant="full" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy UUID' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });

  describe('compact', () => {
    it('shows name, rank, status, balance, shards, K/D, playtime and the lag note; no UUID, kills or deaths', () => {
      const { container } = render(<PlayerCard player={makePlayer()} variant="compact" />);
      const card = within(container as HTMLElement);
      expect(card.getByRole('heading', { name: 'Steve' })).toBeTruthy();
      expect(container.querySelector('.rank-text')?.textContent).toBe('ADMIN');
      expect(card.getByText('Online')).toBeTruthy();
      expect(statValue('Balance')).toBe('48,213.57');
      expect(statValue('Shards')).toBe('1,520');
      expect(statValue('K/D')).toBe('1.66');
      expect(statValue('Playtime')).toBe('1,234 h (51 days)');
      expect(card.getByText(LAG_NOTE)).toBeTruthy();
      expect(card.queryByText('Kills')).toBeNull();
      expect(card.queryByText('Deaths')).toBeNull();
      expect(card.queryByRole('button', { name: 'Copy UUID' })).toBeNull();
    });

    it('offers Open in popup only when onOpenFull is given', () => {
      const onOpenFull = vi.fn();
      render(<PlayerCard player={makePlayer()} variant="compact" onOpenFull={onOpenFull} />);
      fireEvent.click(screen.getByRole('button', { name: 'Open in popup' }));
      expect(onOpenFull).toHaveBeenCalledOnce();
      cleanup();
      render(<PlayerCard player={makePlayer()} variant="compact" />);
      expect(screen.queryByRole('button', { name: 'Open in popup' })).toBeNull();
    });
  });

  it('puts the rank’s first colour on the root as --card-accent', () => {
    const { container } = render(<PlayerCard player={makePlayer()} variant="compact" />);
    const root = container.querySelector<HTMLElement>('.player-card');
    expect(root?.style.getPropertyValue('--card-accent')).toBe('#FF5555');
    expect(root?.style.getPropertyValue('--card-accent-light')).toBe(readableOn('#FF5555', 'light'));
    expect(root?.style.getPropertyValue('--card-accent-dark')).toBe(readableOn('#FF5555', 'dark'));
  });

  it('has no accent property when the rank has no colour code', () => {
    const player = makePlayer({ rank: { id: 'plain', display: 'Member', weight: 0 } });
    const { container } = render(<PlayerCard player={player} variant="compact" />);
    const root = container.querySelector<HTMLElement>('.player-card');
    expect(root?.style.getPropertyValue('--card-accent')).toBe('');
  });

  it('renders inside a shadow root with its CSS given as a string', () => {
    expect(typeof cardCss).toBe('string');
    expect(cardCss).toContain('.player-card');
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = cardCss;
    const mount = document.createElement('div');
    shadow.append(style, mount);
    render(<PlayerCard player={makePlayer()} variant="compact" />, { container: mount });
    expect(shadow.querySelector('.player-card h2')?.textContent).toBe('Steve');
    host.remove();
  });
});

describe('PlayerCard in other languages', () => {
  afterEach(cleanup);

  it('labels the stats, the status and the buttons in German, with the same layout classes', async () => {
    await speak('de');
    render(<PlayerCard player={makePlayer({ stats_may_lag: true })} variant="full" onOpenFull={() => {}} />);
    expect(screen.getByRole('article', { name: 'Spieler Steve' })).toBeTruthy();
    for (const label of ['Kontostand', 'Shards', 'Kills', 'Tode', 'K/D', 'Spielzeit']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeTruthy();
    }
    expect(statCell('Tode').parentElement?.classList.contains('player-card__stat--deaths')).toBe(true);
    expect(statCell('K/D').parentElement?.classList.contains('player-card__stat--kd')).toBe(true);
    expect(screen.getByText(/^Kills, Tode und Spielzeit können/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'UUID kopieren' }).textContent).toBe('Kopieren');
    expect(screen.getByRole('button', { name: 'Im Popup öffnen' })).toBeTruthy();
  });

  it('says online or offline in French', async () => {
    await speak('fr');
    render(<PlayerCard player={makePlayer({ online: false })} variant="compact" />);
    expect(screen.getByText('Hors ligne')).toBeTruthy();
    expect(screen.getByText('Solde', { selector: 'dt' })).toBeTruthy();
  });
});

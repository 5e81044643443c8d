import { fireEvent, render, screen, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadCardSections } from '@/entrypoints/popup/player/lazy-sections';
import { PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { fakeBackground, ok } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { setGoal } from '@/utils/goals/goal-store';
import { statusesItem } from '@/utils/watchlist/status';
import { addWatched } from '@/utils/watchlist/watched';
import { UUID } from '../../utils/history/history-fixtures';
import { online, recordCardHistory, resetCardTest, sessionSnapshots, started } from './card-fixtures';

/**
 * The card's formatters are made as the tab waits for its first look-up (warm-formats.ts): the
 * first Intl formatter of a kind in a page loads its language's data, which the card's one
 * commit paid (issue 35, "one frame").
 */

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
const ask = vi.mocked(askBackground);

beforeAll(() => recordCardHistory(sessionSnapshots));

afterEach(resetCardTest);

const KINDS = ['NumberFormat', 'DateTimeFormat', 'ListFormat', 'PluralRules'] as const;

/** Every Intl formatter made from now on, by kind. */
function countFormatters(): string[] {
  const made: string[] = [];
  for (const kind of KINDS) {
    const Real = Intl[kind] as unknown as new (...args: unknown[]) => object;
    vi.spyOn(Intl, kind).mockImplementation(function (this: unknown, ...args: unknown[]) {
      made.push(kind);
      return new Real(...args);
    } as never);
  }
  return made;
}

describe('the player card’s formatters, made before the look-up', () => {
  it('are all made while the tab waits: the card’s commit makes none', async () => {
    await setGoal(
      { uuid: UUID, name: 'Notch', stat: 'kills', kind: 'value', target: 100, start: 10 },
      started,
    );
    await addWatched({ uuid: UUID, name: 'Notch' }, started);
    await statusesItem.setValue({
      [UUID]: { name: 'Notch', online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
    });
    fakeBackground(ask, { player: () => ok(online), 'saved-searches': () => [] });
    const warming = countFormatters();
    preloadCardSections();
    // The goals' date formatter is the last the warm-up makes.
    await vi.waitFor(() => expect(warming).toContain('DateTimeFormat'), { timeout: 5000 });
    vi.restoreAllMocks();

    render(<PlayerTab initialQuery="" openRequest={null} onLookup={() => {}} fieldRef={createRef()} />);
    const made = countFormatters();
    fireEvent.input(screen.getByLabelText('Player name or UUID'), { target: { value: 'Notch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const session = await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(session.textContent).toContain('+6 kills, +400 balance');
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('progressbar', { name: /kills/ })).toBeTruthy();
    expect(made).toEqual([]);
  });
});

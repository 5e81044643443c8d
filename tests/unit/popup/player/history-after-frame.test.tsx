import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { playerStatChart } from '@/components/chart/player-stat-series';
import { PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { deferred, fakeBackground, ok } from '@/tests/fixtures/players';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { pageHistoryStore } from '@/utils/history/page-history';
import type { Reply } from '@/utils/messages';
import { statusesItem } from '@/utils/watchlist/status';
import { addWatched } from '@/utils/watchlist/watched';
import { UUID } from '../../utils/history/history-fixtures';
import { beforeSession, online, recordCardHistory, resetCardTest, started } from './card-fixtures';

/**
 * The History section's charts (their data, words and uPlot) wait a frame (issue 35, "one
 * frame"): the card's first commit has the History region and its heading, in a box that says
 * nothing (aria-busy); the charts come after that frame.
 */

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
// Counted: a stat's chart data, made by the charts (and once by the card to know its box's height).
vi.mock('@/components/chart/player-stat-series', async (actual) => {
  const series = await actual<typeof import('@/components/chart/player-stat-series')>();
  return { ...series, playerStatChart: vi.fn(series.playerStatChart) };
});
const ask = vi.mocked(askBackground);

beforeAll(() => recordCardHistory([beforeSession, [online, started]]));

afterEach(resetCardTest);

describe('the player card’s history charts, a frame after the card', () => {
  it('mounts the History region with the card but its charts only after the first frame', async () => {
    await statusesItem.setValue({
      [UUID]: { name: 'Notch', online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
    });
    await addWatched({ uuid: UUID, name: 'Notch' }, started);
    const answer = deferred<Reply<Player>>();
    fakeBackground(ask, { player: () => answer.promise, 'saved-searches': () => [] });
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    render(<PlayerTab initialQuery="" openRequest={null} onLookup={() => {}} fieldRef={createRef()} />);
    fireEvent.input(screen.getByLabelText('Player name or UUID'), { target: { value: 'Notch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await vi.waitFor(() => expect(between.mock.results.length).toBe(1));
    await act(async () => {
      await between.mock.results[0]?.value;
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });

    const statCharts = vi.mocked(playerStatChart);
    statCharts.mockClear();
    const first: { region: boolean; busy: boolean; charts: number; chartData: number }[] = [];
    const observer = new MutationObserver(() => {
      if (first.length > 0 || !document.querySelector('.player-card__name')) return;
      const region = document.querySelector('section[aria-labelledby="player-history-heading"]');
      first.push({
        region: region?.querySelector('#player-history-heading')?.textContent === 'History, last 7 days',
        busy: region?.querySelector('[aria-busy="true"]') !== null,
        charts: document.querySelectorAll('.time-chart').length,
        chartData: statCharts.mock.calls.length,
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await act(async () => answer.resolve(ok(online)));
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    observer.disconnect();
    // Not even the charts' data: the waiting box's height comes without it (chartsCollectingSoon).
    expect(first).toEqual([{ region: true, busy: true, charts: 0, chartData: 0 }]);

    const history = screen.getByRole('region', { name: 'History, last 7 days' });
    expect(await within(history).findByText('Kills, last 7 days')).toBeTruthy();
    expect(history.querySelectorAll('.time-chart')).toHaveLength(5);
    expect(history.querySelector('.player-history__waiting')).toBeNull();
  });
});

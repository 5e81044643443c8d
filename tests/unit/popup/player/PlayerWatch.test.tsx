import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { fakeBackground, makePlayer, ok } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { DAY_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { addWatched } from '@/utils/watchlist/watched';
import { freshIndexedDb, player } from '../../utils/history/history-fixtures';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
const ask = vi.mocked(askBackground);

const TWO = '00000000-0000-4000-8000-000000000002';
const ONE = '00000000-0000-4000-8000-000000000001';
const NEW = '00000000-0000-4000-8000-000000000003';
/** What the tab's look-up asks for each player. */
const UUIDS: Record<string, string> = { One: ONE, Two: TWO, New: NEW };

async function record(uuid: string, rows: Array<{ daysAgo: number; kills: number }>) {
  const store = pageHistoryStore();
  const now = Date.now();
  const written = rows.map(({ daysAgo, kills }) =>
    store.recordPlayer(player({ uuid, name: 'Notch' }, { kills }), now - daysAgo * DAY_MS),
  );
  await store.flush();
  await Promise.all(written);
}

let watchedNow = false;
async function answerWatched(watched: boolean) {
  watchedNow = watched;
  // The card reads watched? from storage.sync; only the toggle, shown without the card's data, asks.
  if (watched) for (const uuid of Object.values(UUIDS)) await addWatched({ uuid, name: 'Notch' }, Date.now());
  fakeBackground(ask, {
    player: (request) => ok(makePlayer({ uuid: UUIDS[request.identifier] ?? TWO, name: 'Notch' })),
    'watch-state': () => ({ watched: watchedNow, full: false }),
    watch: () => {
      watchedNow = true;
      return { watched: true, full: false };
    },
    unwatch: () => {
      watchedNow = false;
      return { watched: false, full: false };
    },
  });
}

/** The Player tab with the player's card looked up: the toggle is beside the name, the history under the card. */
function PlayerWatch({ uuid }: { uuid: string; name: string }) {
  return (
    <PlayerTab
      initialQuery={Object.keys(UUIDS).find((query) => UUIDS[query] === uuid) ?? 'Two'}
      openRequest={null}
      onLookup={() => {}}
      fieldRef={createRef()}
    />
  );
}

// The card's sections are one chunk (lazy-sections.ts) that the tab loads as it opens: transformed
// here, once, rather than inside the first test's wait for the chart, which a busy machine outran.
beforeAll(async () => {
  await import('@/entrypoints/popup/player/card-sections');
});

describe('a watched player’s history on the Player tab', () => {
  beforeAll(async () => {
    // One database for the file: the page keeps one connection (page-history.ts).
    freshIndexedDb();
    await record(TWO, [
      { daysAgo: 3, kills: 10 },
      { daysAgo: 1, kills: 22 },
    ]);
    await record(ONE, [{ daysAgo: 1, kills: 10 }]);
    // First checked five minutes ago.
    await record(NEW, [{ daysAgo: 5 / (24 * 60), kills: 4 }]);
  });
  afterEach(() => {
    cleanup();
    fakeBrowser.reset();
  });

  it('charts each stat of a watched player with two snapshots, with its figures in words', async () => {
    await answerWatched(true);
    render(<PlayerWatch uuid={TWO} name="Notch" />);
    const history = await screen.findByRole('region', { name: 'History, last 7 days' });
    const kills = await within(history).findByRole('img', { name: /^Kills, last 7 days\. / });
    expect(kills.getAttribute('aria-label')).toMatch(/Lowest 10, highest 22, latest 22 at /);
    for (const name of ['Deaths', 'Balance', 'Shards', 'Playtime \\(hours\\)'])
      expect(
        within(history).getByRole('img', { name: new RegExp(`^${name}, last 7 days\\. `) }),
      ).toBeTruthy();
  });

  it('says once that it is collecting data for a player first checked minutes ago, with the figures', async () => {
    await answerWatched(true);
    render(<PlayerWatch uuid={NEW} name="Notch" />);
    const history = await screen.findByRole('region', { name: 'History, last 7 days' });
    // The charts come a frame after the region (PlayerHistory.tsx): waited for, then counted.
    expect(
      await within(history).findAllByText(
        'Collecting data: the chart appears after a few checks, over at least an hour.',
      ),
    ).toHaveLength(1);
    expect(within(history).getAllByText(/^Lowest 4, highest 4, latest 4 at /).length).toBeGreaterThan(0);
    expect(within(history).queryByRole('img')).toBeNull();
  });

  it('charts a watched player with one snapshot a day old: the value held since', async () => {
    await answerWatched(true);
    render(<PlayerWatch uuid={ONE} name="Notch" />);
    const history = await screen.findByRole('region', { name: 'History, last 7 days' });
    const kills = await within(history).findByRole('img', { name: /^Kills, last 7 days\. / });
    expect(kills.getAttribute('aria-label')).toMatch(/Lowest 10, highest 10, latest 10 at /);
  });

  it('shows no history for a player not watched', async () => {
    await answerWatched(false);
    render(<PlayerWatch uuid={TWO} name="Notch" />);
    await screen.findByRole('button', { name: 'Watch', pressed: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /^History/ })).toBeNull();
  });
});

describe('the Watch toggle on the Player tab', () => {
  afterEach(() => {
    cleanup();
    fakeBrowser.reset();
  });

  it('says its state in words beside the name, before the UUID’s Copy button', async () => {
    await answerWatched(false);
    render(<PlayerWatch uuid={TWO} name="Notch" />);
    const toggle = await screen.findByRole('button', { name: 'Watch', pressed: false });
    const header = screen.getByRole('heading', { name: 'Notch' }).closest('header');
    expect(header?.contains(toggle)).toBe(true);
    const copy = screen.getByRole('button', { name: 'Copy UUID' });
    expect(toggle.compareDocumentPosition(copy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Pressable once the state is read.
    await waitFor(() => expect(toggle.hasAttribute('aria-disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.textContent).toBe('Watching');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(toggle.textContent).toBe('Watch');
  });
});

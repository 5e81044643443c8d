import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeBackground, makePlayer, ok } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));

// Counts how often the sections' chunk is evaluated, and stands in for each section.
const evaluated = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/entrypoints/popup/player/card-sections', () => {
  evaluated.count += 1;
  const section = (label: string) => () => <p>{label}</p>;
  return {
    PlayerWatch: section('Watch section'),
    PlayerNotes: section('Notes section'),
    PlayerHistory: section('History section'),
    PlayerGoals: section('Goals section'),
    PlayerCompare: section('Compare section'),
    BoardPlaces: section('Places section'),
    PlayerProgress: section('Progress section'),
  };
});

const ask = vi.mocked(askBackground);
/** What an unwatched player's card shows (progress and history are a watched player's). */
const SECTIONS = ['Watch section', 'Notes section', 'Goals section', 'Compare section', 'Places section'];

// The module is evaluated at most once per file: the tab's test comes first, before anything
// imported the sections, so it sees the tab itself load them.
describe("the player card's sections: one chunk", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('the Player tab loads the sections when it opens, before any answer', async () => {
    const { PlayerTab } = await import('@/entrypoints/popup/player/PlayerTab');
    fakeBackground(ask, { player: () => ok(makePlayer()) });
    render(<PlayerTab initialQuery="" openRequest={null} onLookup={vi.fn()} fieldRef={createRef()} />);
    await vi.waitFor(() => expect(evaluated.count).toBe(1));
    expect(ask).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('Player name or UUID'), { target: { value: 'Steve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByRole('heading', { name: 'Steve' });
    for (const label of SECTIONS) expect(await screen.findByText(label)).toBeTruthy();
    expect(evaluated.count).toBe(1);
  });

  it('every section view shares one import of one module', async () => {
    const sections = await import('@/entrypoints/popup/player/lazy-sections');
    const player = makePlayer();
    render(
      <>
        <sections.PlayerWatch uuid={player.uuid} name={player.name} onWatched={vi.fn()} />
        <sections.PlayerNotes uuid={player.uuid} name={player.name} />
        <sections.PlayerHistory uuid={player.uuid} />
        <sections.PlayerGoals player={player} />
        <sections.PlayerCompare player={player} />
        <sections.BoardPlaces name={player.name} watched />
        <sections.PlayerProgress player={player} />
      </>,
    );
    for (const label of [...SECTIONS, 'History section', 'Progress section'])
      expect(await screen.findByText(label)).toBeTruthy();
    expect(sections.loadCardSections()).toBe(sections.loadCardSections());
    expect(evaluated.count).toBe(1);
  });
});

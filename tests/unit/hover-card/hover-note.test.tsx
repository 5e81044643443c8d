// The hover card's chip: the player's tag and note, read with `player-note` and checked by hand,
// shown as text (never markup); nothing when the answer is not a note.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoverCard } from '@/entrypoints/hover-card/HoverCard';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { sendRequest } from '@/utils/send-request';

vi.mock('@/utils/send-request', () => ({ sendRequest: vi.fn() }));
const send = vi.mocked(sendRequest);
const STEVE = makePlayer({ uuid: PLAYER_UUID });
const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

function answer(note: unknown) {
  send.mockImplementation(async (request) => {
    if (request.type === 'player-note') return note;
    if (request.type === 'watch-state') return { watched: false, full: false };
    return undefined;
  });
}

const renderCard = () =>
  render(<HoverCard name="Steve" state={{ kind: 'player', player: STEVE }} now={0} onOpenFull={() => {}} />);

describe('the hover card’s tag and note', () => {
  afterEach(() => {
    cleanup();
    send.mockReset();
  });

  it('shows the tag as a chip in its colour and the note as text', async () => {
    answer({ note: { tag: { label: 'friend', colour: 'green' }, note: HOSTILE, updatedAt: 1 } });
    renderCard();
    const chip = await screen.findByText('friend');
    expect(chip.closest('.tag-chip')?.className).toContain('tag-chip--green');
    expect(chip.closest('.tag-chip')?.textContent).toBe('Tag: friend');
    const note = document.querySelector('.player-note__text');
    expect(note?.textContent).toBe(`Note: ${HOSTILE}`);
    expect(document.querySelector('img, script')).toBeNull();
    expect(send).toHaveBeenCalledWith({ type: 'player-note', uuid: PLAYER_UUID });
  });

  it('shows nothing for a player without one, or an answer that is not a note', async () => {
    for (const reply of [
      {},
      { note: { tag: { label: 'x', colour: 'url(evil)' }, updatedAt: 1 } },
      'nonsense',
    ]) {
      answer(reply);
      renderCard();
      await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'player-note', uuid: PLAYER_UUID }));
      expect(document.querySelector('.player-note')).toBeNull();
      cleanup();
      send.mockReset();
    }
  });
});

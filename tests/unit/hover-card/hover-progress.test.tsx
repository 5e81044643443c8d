// The hover card's progress line: `hover-progress`'s ready numbers worded with the popup's words,
// checked by hand; no line (and no empty heading) when there is nothing to say.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoverCard } from '@/entrypoints/hover-card/HoverCard';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { sendRequest } from '@/utils/send-request';

vi.mock('@/utils/send-request', () => ({ sendRequest: vi.fn() }));
const send = vi.mocked(sendRequest);

function answer(progress: unknown) {
  send.mockImplementation(async (request) => {
    if (request.type === 'hover-progress') return progress;
    if (request.type === 'watch-state') return { watched: true, full: false };
    return undefined;
  });
}

const renderCard = (statsMayLag = false) =>
  render(
    <HoverCard
      name="Steve"
      state={{
        kind: 'player',
        player: makePlayer({ uuid: PLAYER_UUID, name: 'Steve', stats_may_lag: statsMayLag }),
      }}
      now={0}
      onOpenFull={() => {}}
    />,
  );

describe('the hover card’s progress line', () => {
  afterEach(() => {
    cleanup();
    send.mockReset();
  });

  it('this session: the gains and how long, asked for the card’s player', async () => {
    answer({
      progress: {
        period: 'session',
        changes: [
          { stat: 'kills', delta: 12 },
          { stat: 'balance', delta: 3400 },
        ],
        sessionMs: 80 * 60_000,
        mayLag: false,
      },
    });
    renderCard();
    expect(await screen.findByText('This session: +12 kills, +3.4k balance, 1 h 20 min')).toBeTruthy();
    expect(send).toHaveBeenCalledWith({ type: 'hover-progress', uuid: PLAYER_UUID });
  });

  it('today, with the popup’s words when stats may lag', async () => {
    answer({ progress: { period: 'today', changes: [{ stat: 'kills', delta: 1 }], mayLag: true } });
    renderCard();
    const line = await screen.findByText(/^Today: \+1 kill/);
    expect(line.textContent).toBe('Today: +1 kill Kills, deaths and playtime may lag while Steve is online.');
  });

  it('the card’s own answer saying stats may lag is said too; nothing moved reads "No change"', async () => {
    answer({ progress: { period: 'today', changes: [], mayLag: false } });
    renderCard(true);
    const line = await screen.findByText(/^Today: No change/);
    expect(line.textContent).toContain('may lag while Steve is online');
  });

  it('no line for no progress, or an answer that is not one', async () => {
    for (const reply of [
      {},
      { progress: { period: 'yesterday', changes: [], mayLag: false } },
      { progress: { period: 'today', changes: [{ stat: 'x', delta: 1 }], mayLag: false } },
      { progress: { period: 'session', changes: [], mayLag: false } },
      'nonsense',
    ]) {
      answer(reply);
      renderCard();
      await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'hover-progress', uuid: PLAYER_UUID }));
      expect(document.querySelector('.hover-card__progress')).toBeNull();
      cleanup();
      send.mockReset();
    }
  });
});

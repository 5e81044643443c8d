// The hover card's progress line while the card stays open: a new check of its player (the
// statuses' `checkedAt`, written with every check) asks `hover-progress` again, and the line shows
// the snapshot recorded meanwhile; a check of another player, or of nothing, asks nothing.
import { act, cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HoverCard } from '@/entrypoints/hover-card/HoverCard';
import { playerChecked } from '@/entrypoints/hover-card/player-checked';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { sendRequest } from '@/utils/send-request';
import { WATCH_STATUS_KEY } from '@/utils/storage-keys';

vi.mock('@/utils/send-request', () => ({ sendRequest: vi.fn() }));
const send = vi.mocked(sendRequest);
const OTHER = '11111111-2222-3333-4444-555555555555';

let kills = 5;
const progressAsks = () => send.mock.calls.filter(([request]) => request.type === 'hover-progress').length;
const status = (checkedAt: number) => ({ name: 'Steve', online: true, rankDisplay: '', checkedAt });

const renderCard = () =>
  render(
    <HoverCard
      name="Steve"
      state={{ kind: 'player', player: makePlayer({ uuid: PLAYER_UUID, name: 'Steve' }) }}
      now={0}
      onOpenFull={() => {}}
    />,
  );

describe('the hover card’s progress line refreshes while the card is open', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    kills = 5;
    send.mockImplementation(async (request) => {
      if (request.type === 'hover-progress')
        return { progress: { period: 'today', changes: [{ stat: 'kills', delta: kills }], mayLag: false } };
      if (request.type === 'watch-state') return { watched: true, full: false };
      return undefined;
    });
  });
  afterEach(() => {
    cleanup();
    send.mockReset();
  });

  it('a new check of the card’s player asks again and shows the new gains', async () => {
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(1_000) } });
    renderCard();
    expect(await screen.findByText('Today: +5 kills')).toBeTruthy();
    expect(progressAsks()).toBe(1);

    // Another player checked: nothing to ask.
    await fakeBrowser.storage.local.set({
      [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(1_000), [OTHER]: status(2_000) },
    });
    expect(progressAsks()).toBe(1);

    kills = 8;
    await fakeBrowser.storage.local.set({
      [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(3_000), [OTHER]: status(2_000) },
    });
    expect(await screen.findByText('Today: +8 kills')).toBeTruthy();
    expect(progressAsks()).toBe(2);
  });

  it('a reply overtaken by a later ask’s reply is not shown', async () => {
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(1_000) } });
    const replies: Array<(kills: number) => void> = [];
    send.mockImplementation((request) =>
      request.type === 'hover-progress'
        ? new Promise((resolve) =>
            replies.push((delta) =>
              resolve({ progress: { period: 'today', changes: [{ stat: 'kills', delta }], mayLag: false } }),
            ),
          )
        : Promise.resolve(request.type === 'watch-state' ? { watched: true, full: false } : undefined),
    );
    renderCard();
    await waitFor(() => expect(replies).toHaveLength(1));
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(2_000) } });
    await waitFor(() => expect(replies).toHaveLength(2));
    await act(async () => (replies[1] as (kills: number) => void)(8));
    expect(await screen.findByText('Today: +8 kills')).toBeTruthy();
    await act(async () => (replies[0] as (kills: number) => void)(5));
    expect(screen.queryByText('Today: +5 kills')).toBeNull();
    expect(screen.getByText('Today: +8 kills')).toBeTruthy();
  });

  it('a closed card stops listening', async () => {
    const { unmount } = renderCard();
    await waitFor(() => expect(progressAsks()).toBe(1));
    await act(() => {
      unmount();
    });
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: { [PLAYER_UUID]: status(4_000) } });
    expect(progressAsks()).toBe(1);
  });

  it('playerChecked: only storage.local’s statuses, a changed check time of that player (any case)', () => {
    const change = (oldValue: unknown, newValue: unknown) => ({ [WATCH_STATUS_KEY]: { oldValue, newValue } });
    const upper = PLAYER_UUID.toUpperCase();
    expect(playerChecked(change(undefined, { [PLAYER_UUID]: status(1) }), 'local', upper)).toBe(true);
    expect(
      playerChecked(change({ [PLAYER_UUID]: status(1) }, { [PLAYER_UUID]: status(2) }), 'local', PLAYER_UUID),
    ).toBe(true);
    expect(
      playerChecked(change({ [PLAYER_UUID]: status(1) }, { [PLAYER_UUID]: status(1) }), 'local', PLAYER_UUID),
    ).toBe(false);
    expect(playerChecked(change(undefined, { [PLAYER_UUID]: status(1) }), 'sync', PLAYER_UUID)).toBe(false);
    expect(playerChecked({ settings: { newValue: {} } }, 'local', PLAYER_UUID)).toBe(false);
  });
});

import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlayerProgress } from '@/entrypoints/popup/player/progress/PlayerProgress';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { updateSettings } from '@/utils/settings';
import { statusesItem } from '@/utils/watchlist/status';
import { freshIndexedDb, player, UUID } from '../../../utils/history/history-fixtures';

/** The card's progress: read from the status (storage.local), the settings and the snapshots. */

const started = Date.now() - 80 * MINUTE_MS;

beforeAll(async () => {
  freshIndexedDb();
  const store = pageHistoryStore();
  const written = [
    store.recordPlayer(player({ online: false, balance: 1000 }, { kills: 10 }), started - 30 * MINUTE_MS),
    store.recordPlayer(player({ online: true, balance: 1000, stats_may_lag: true }, { kills: 10 }), started),
    store.recordPlayer(
      player({ online: true, balance: 1400, stats_may_lag: true }, { kills: 16 }),
      started + MINUTE_MS,
    ),
  ];
  await store.flush();
  await Promise.all(written);
});

afterEach(() => {
  cleanup();
  fakeBrowser.reset();
});

const online = player({ online: true, balance: 1400, stats_may_lag: true }, { kills: 16 });

describe('PlayerProgress', () => {
  it('shows this session’s gains since the extension saw the player come online, and that kills may lag', async () => {
    await statusesItem.setValue({
      [UUID]: { name: 'Notch', online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
    });
    render(<PlayerProgress player={online} />);
    const session = await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(session.textContent).toContain('+6 kills, +400 balance');
    expect(session.textContent).toContain('Kills, deaths and playtime may lag while Notch is online.');
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getByRole('region', { name: /^Today · since / })).toBeTruthy();
    expect(within(progress).getByRole('region', { name: /^This week · since / })).toBeTruthy();
  });

  it('reads again when a check changes the status: the session ended', async () => {
    await statusesItem.setValue({
      [UUID]: { name: 'Notch', online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
    });
    await updateSettings({ progressResetHour: 0 });
    render(<PlayerProgress player={online} />);
    await screen.findByRole('region', { name: /^This session, for / });
    await statusesItem.setValue({
      [UUID]: {
        name: 'Notch',
        online: false,
        rankDisplay: '&6VIP',
        checkedAt: started + 2 * MINUTE_MS,
        lastSession: { start: started, seenUntil: started + MINUTE_MS, offlineAt: started + 2 * MINUTE_MS },
      },
    });
    const last = await screen.findByRole('region', { name: /^Last session, 1 min until about / });
    expect(last.textContent).toContain('+6 kills, +400 balance');
  });

  it('says a player never seen coming online has no session yet', async () => {
    render(<PlayerProgress player={player({ online: false })} />);
    expect(await screen.findByText('Notch has not been checked yet.')).toBeTruthy();
  });
});

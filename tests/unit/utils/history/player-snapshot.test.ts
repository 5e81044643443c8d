import { describe, expect, it } from 'vitest';
import { snapshotChanged, snapshotOfPlayer, TRACKED_PLAYER_FIELDS } from '@/utils/history/player-snapshot';
import { player, snapshot, UUID } from './history-fixtures';

describe('snapshotOfPlayer', () => {
  it('keeps what the history needs, with the UUID in lower case', () => {
    const row = snapshotOfPlayer(player({ uuid: UUID.toUpperCase(), stats_may_lag: true }), 42);
    expect(row).toEqual({
      uuid: UUID,
      time: 42,
      name: 'Notch',
      rankDisplay: '&6VIP',
      balance: 1000,
      shards: 5,
      kills: 10,
      deaths: 4,
      playtimeHours: 10,
      statsMayLag: true,
    });
  });
});

describe('snapshotChanged', () => {
  it('stores the first snapshot of a player', () => {
    expect(snapshotChanged(undefined, snapshot(1))).toBe(true);
  });

  it('skips a snapshot with nothing new, even under a new name', () => {
    expect(snapshotChanged(snapshot(1), snapshot(2))).toBe(false);
    expect(snapshotChanged(snapshot(1), snapshot(2, { name: 'Jeb' }))).toBe(false);
  });

  it.each(TRACKED_PLAYER_FIELDS)('stores a change of %s', (field) => {
    const changed = field === 'rankDisplay' ? { rankDisplay: '&cMod' } : { [field]: 12345 };
    expect(snapshotChanged(snapshot(1), snapshot(2, changed))).toBe(true);
  });

  it('stores stats that just became current, and not the other way round', () => {
    expect(snapshotChanged(snapshot(1, { statsMayLag: true }), snapshot(2, { statsMayLag: false }))).toBe(
      true,
    );
    expect(snapshotChanged(snapshot(1, { statsMayLag: false }), snapshot(2, { statsMayLag: true }))).toBe(
      false,
    );
  });
});

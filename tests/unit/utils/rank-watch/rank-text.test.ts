import { describe, expect, it, vi } from 'vitest';
import {
  createRankAnnouncer,
  playerOf,
  rankNotificationId,
} from '@/entrypoints/background/rank-watch/rank-notification';
import { boardPlaceText, rankChangeText } from '@/utils/rank-watch/rank-text';
import { speak } from '../../../fixtures/catalogues';

describe('rank watch words', () => {
  it('says the card line per board: place, since yesterday, out of the 100', async () => {
    await speak('en');
    const at = { readAt: 0 };
    expect(boardPlaceText({ board: 'kills', place: 37, ...at, since: { kind: 'moved', by: 3 } })).toBe(
      '#37 in kills, up 3 since yesterday',
    );
    expect(boardPlaceText({ board: 'kills', place: 37, ...at, since: { kind: 'moved', by: -2 } })).toBe(
      '#37 in kills, down 2 since yesterday',
    );
    expect(boardPlaceText({ board: 'balance', place: 4, ...at, since: { kind: 'moved', by: 0 } })).toBe(
      '#4 in balance, same place as yesterday',
    );
    expect(boardPlaceText({ board: 'shards', place: 9, ...at })).toBe('#9 in shards');
    expect(boardPlaceText({ board: 'shards', place: null, ...at })).toBe('not in the top 100 in shards');
    expect(boardPlaceText({ board: 'shards', place: null, ...at, since: { kind: 'left', was: 80 } })).toBe(
      'not in the top 100 in shards, #80 yesterday',
    );
  });

  it('one notification per change, ids unique per change and naming the player; in German too', async () => {
    await speak('de');
    const show = vi.fn(async () => true);
    const announce = createRankAnnouncer({ notifications: { show }, now: () => 1_000 });
    await announce([
      { kind: 'entered', board: 'kills', name: 'jeb_', top: 10, place: 3 },
      { kind: 'overtaken', board: 'kills', name: 'Notch', place: 2 },
    ]);
    expect(show).toHaveBeenCalledTimes(2);
    const ids = show.mock.calls.map((call) => (call as unknown[])[0] as string);
    expect(new Set(ids).size).toBe(2);
    expect(playerOf((ids[1] as string).slice('rank-watch:'.length))).toBe('Notch');
    expect(rankChangeText({ kind: 'overtaken', board: 'kills', name: 'Notch', place: 2 }).title).toBe(
      'Notch hat dich bei Kills überholt',
    );
    expect(rankNotificationId({ kind: 'left', board: 'shards', name: 'a', top: 10, place: null }, 36)).toBe(
      'rank-watch:a:shards:left:10',
    );
  });
});

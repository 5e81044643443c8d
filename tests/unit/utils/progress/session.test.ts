// @vitest-environment node
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchObserver } from '@/entrypoints/background/watchlist/observer';
import { makePlayer } from '@/tests/fixtures/players';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { nextSessionMarks, sessionState } from '@/utils/progress/session';
import { getStatuses } from '@/utils/watchlist/status';
import { addWatched } from '@/utils/watchlist/watched';

const T0 = Date.UTC(2026, 5, 10, 12);
const at = (minutes: number) => T0 + minutes * MINUTE_MS;
const UUID = '00000000-0000-4000-8000-000000000035';

describe('nextSessionMarks', () => {
  it('starts a session when a check sees the player online after offline', () => {
    expect(nextSessionMarks({ online: false }, true, at(0))).toEqual({ onlineSince: at(0) });
    expect(nextSessionMarks({ online: true, onlineSince: at(0) }, true, at(10))).toEqual({
      onlineSince: at(0),
    });
  });

  it('starts none on a first observation or for a player already online without a start', () => {
    expect(nextSessionMarks(undefined, true, at(0))).toEqual({});
    expect(nextSessionMarks({ online: true }, true, at(5))).toEqual({});
  });

  it('keeps the ended session, with the last time seen online, once seen offline', () => {
    const marks = nextSessionMarks({ online: true, onlineSince: at(0), seenOnlineAt: at(80) }, false, at(85));
    expect(marks).toEqual({ lastSession: { start: at(0), seenUntil: at(80), offlineAt: at(85) } });
    // Offline again, then online: the last session stays until a new one ends.
    expect(nextSessionMarks({ online: false, ...marks }, true, at(200))).toEqual({
      ...marks,
      onlineSince: at(200),
    });
  });

  it('never loses a running session while the player stays online (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (onlines) => {
        let before: Parameters<typeof nextSessionMarks>[0] = { online: false };
        let expectedStart: number | undefined;
        onlines.forEach((online, index) => {
          const time = at(index);
          const marks = nextSessionMarks(before, online, time);
          if (online && !before?.online) expectedStart = time;
          if (!online) expectedStart = undefined;
          expect(marks.onlineSince).toBe(expectedStart);
          before = { online, ...marks, ...(online ? { seenOnlineAt: time } : {}) };
        });
      }),
    );
  });
});

describe('sessionState', () => {
  it('ignores a start in the future (the clock turned back since)', () => {
    expect(sessionState({ online: true, onlineSince: at(30) }, at(10))).toEqual({ kind: 'online-unknown' });
    expect(sessionState({ online: true, onlineSince: at(0) }, at(10))).toEqual({
      kind: 'online',
      start: at(0),
    });
    expect(sessionState(undefined, at(0))).toEqual({ kind: 'unseen' });
  });
});

describe('a session in the watchlist status (storage.local)', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await addWatched({ uuid: UUID, name: 'Notch' }, at(-60));
  });

  it('survives a background restart: a new observer keeps the start it did not see', async () => {
    let clock = at(-30);
    const before = createWatchObserver({ now: () => clock });
    await before.observe(makePlayer({ uuid: UUID, name: 'Notch', online: false }));
    clock = at(0);
    expect(await before.observe(makePlayer({ uuid: UUID, name: 'Notch', online: true }))).toBe('came-online');
    // The service worker stops; a new one builds its observer from the stored statuses.
    clock = at(45);
    const after = createWatchObserver({ now: () => clock });
    expect(await after.observe(makePlayer({ uuid: UUID, name: 'Notch', online: true }))).toBe('unchanged');
    expect((await getStatuses())[UUID]?.onlineSince).toBe(at(0));
    clock = at(90);
    await after.observe(makePlayer({ uuid: UUID, name: 'Notch', online: false }));
    const status = (await getStatuses())[UUID];
    expect(status?.onlineSince).toBeUndefined();
    expect(status?.lastSession).toEqual({ start: at(0), seenUntil: at(45), offlineAt: at(90) });
  });
});

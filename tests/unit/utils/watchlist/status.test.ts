// Specifies utils/watchlist/status.ts: what this browser saw of each watched player, versioned.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  getStatuses,
  migrateStatusesV1toV2,
  type PlayerStatus,
  saveStatuses,
  statusesItem,
  WATCH_STATUS_KEY,
  WATCH_STATUS_VERSION,
} from '@/utils/watchlist/status';

const MARK = `${WATCH_STATUS_KEY}$`;
const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const JEB = '853c80ef-3c37-49fd-aa49-938b674adae6';

/** As release 0.1.0 wrote them: no version mark, no `watchedSince`. */
const V1 = {
  [NOTCH]: { name: 'Notch', online: false, rankDisplay: '&7Member', checkedAt: 1_000, seenOnlineAt: 500 },
  [JEB]: { name: 'jeb_', online: true, rankDisplay: '&6Admin', checkedAt: 2_000, seenOnlineAt: 2_000 },
};

const stored = () => fakeBrowser.storage.local.get([WATCH_STATUS_KEY, MARK]);

beforeEach(() => fakeBrowser.reset());

describe('watchlist statuses in storage.local', () => {
  it('v1 → v2: every status kept as it is', () => {
    expect(migrateStatusesV1toV2(structuredClone(V1))).toEqual(V1);
  });

  it('the statuses the previous release wrote are migrated and kept, not reset', async () => {
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: V1 });
    await statusesItem.migrate();
    expect(await stored()).toEqual({ [WATCH_STATUS_KEY]: V1, [MARK]: { v: WATCH_STATUS_VERSION } });
    expect(await getStatuses()).toEqual(V1);
  });

  it('the first write marks the version', async () => {
    await statusesItem.migrate();
    await saveStatuses({ [JEB]: { ...V1[JEB], watchedSince: 1 } });
    expect((await stored())[MARK]).toEqual({ v: WATCH_STATUS_VERSION });
  });

  it('a corrupted status falls back to none, the others are read and kept', async () => {
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: { ...V1, [NOTCH]: { name: 7 } } });
    await statusesItem.migrate();
    expect(await getStatuses()).toEqual({ [JEB]: V1[JEB] });
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: 'garbage' });
    expect(await getStatuses()).toEqual({});
  });

  it('a newer release’s statuses: read as far as known, and a write keeps what this one cannot read and the mark', async () => {
    const newer = {
      [NOTCH]: { ...V1[NOTCH], watchedSince: 1, mood: 'afk' },
      // A shape this release cannot read.
      [JEB]: { name: 'jeb_', online: 'maybe' },
    };
    const mark = { v: WATCH_STATUS_VERSION + 1 };
    await fakeBrowser.storage.local.set({ [WATCH_STATUS_KEY]: newer, [MARK]: mark });
    await statusesItem.migrate();
    const read = await getStatuses();
    expect(read).toEqual({ [NOTCH]: { ...V1[NOTCH], watchedSince: 1 } });

    // This release observes Notch online: its fields change, the newer field and Jeb's entry stay.
    await saveStatuses({ [NOTCH]: { ...(read[NOTCH] as PlayerStatus), online: true, checkedAt: 3_000 } });
    expect(await stored()).toEqual({
      [WATCH_STATUS_KEY]: { [NOTCH]: { ...newer[NOTCH], online: true, checkedAt: 3_000 }, [JEB]: newer[JEB] },
      [MARK]: mark,
    });
  });
});

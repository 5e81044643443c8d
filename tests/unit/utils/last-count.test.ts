import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_STATE_KEY, lastCountIn, readLastCount } from '@/utils/last-count';

describe('the badge’s last count, for the popup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('reads the count the badge poller stored', async () => {
    await fakeBrowser.storage.session.set({
      [BADGE_STATE_KEY]: { last: { online: 1234, fetchedAt: 5 }, failures: 0, lastFetchAt: 5 },
    });
    expect(await readLastCount()).toEqual({ online: 1234, fetchedAt: 5 });
  });

  it('has none before the first poll', async () => {
    expect(await readLastCount()).toBeUndefined();
    await fakeBrowser.storage.session.set({ [BADGE_STATE_KEY]: { failures: 2, lastFetchAt: 5 } });
    expect(await readLastCount()).toBeUndefined();
  });

  it.each([
    null,
    'x',
    { last: null },
    { last: { online: -1, fetchedAt: 1 } },
    { last: { online: 1.5, fetchedAt: 1 } },
    { last: { online: '3', fetchedAt: 1 } },
    { last: { online: 3, fetchedAt: Number.NaN } },
  ])('refuses a damaged state: %j', (state) => {
    expect(lastCountIn(state)).toBeUndefined();
  });
});

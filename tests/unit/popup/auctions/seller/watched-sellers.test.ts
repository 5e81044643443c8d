import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeBackground, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

describe('the watched sellers every toggle shares', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.resetModules(); // the list is read once per page: a fresh module per test
  });

  it('reads the saved searches once and keeps the sellers by name, any case', async () => {
    fakeBackground(ask, {
      'saved-searches': () => [
        { id: 'w1', text: 'Notch', sort: 'recent', seller: 'Notch' },
        { id: 's1', text: 'gold', sort: 'recent' },
      ],
    });
    const { subscribeWatchedSellers, watchedId } = await import(
      '@/entrypoints/popup/auctions/seller/watched-sellers'
    );
    const seen: unknown[] = [];
    subscribeWatchedSellers((sellers) => seen.push(sellers));
    subscribeWatchedSellers(() => undefined);
    await vi.waitFor(() => expect(seen.at(-1)).toBeInstanceOf(Map));
    expect(watchedId(seen.at(-1) as Map<string, string>, ' NOTCH ')).toBe('w1');
    expect(requestsOf(ask, 'saved-searches')).toHaveLength(1);
  });

  it('shows every seller as not watched when the reply cannot be read, rather than leave a rejection unhandled', async () => {
    ask.mockRejectedValue(new Error('Unexpected reply to saved-searches'));
    const { subscribeWatchedSellers } = await import('@/entrypoints/popup/auctions/seller/watched-sellers');
    const seen: unknown[] = [];
    subscribeWatchedSellers((sellers) => seen.push(sellers));
    expect(seen).toEqual([null]);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(new Map()));
  });
});

/**
 * Shared test data and a fake background for the popup's component tests. Each test file
 * mocks `utils/messages` (vi.mock) and hands `askBackground` to `fakeBackground()`.
 */
import { act } from '@testing-library/preact';
import { type Mock, vi } from 'vitest';
import type { ApiError } from '../../utils/api/errors';
import type { AuctionListing, AuctionSearch, Leaderboard, Player } from '../../utils/api/schemas';
import type { Request, RequestType } from '../../utils/messages';

export function makePlayer(overrides: Partial<Player> = {}): Player {
  return {
    uuid: '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47',
    name: 'Steve',
    online: true,
    rank: { id: 'admin', display: '&c&lADMIN', weight: 90 },
    balance: 48_213.57,
    shards: 1_520,
    stats: { kills: 3_120, deaths: 1_877, playtime_ticks: 88_884_000, playtime_hours: 1234.5 },
    stats_may_lag: true,
    ...overrides,
  };
}

/** Epoch seconds for `offsetSeconds` from now. */
export const epochIn = (offsetSeconds: number) => Math.floor(Date.now() / 1000) + offsetSeconds;

export function makeListing(overrides: Partial<AuctionListing> = {}): AuctionListing {
  const timeLeft = overrides.time_left_seconds ?? 3600;
  return {
    id: 1,
    seller: 'Notch',
    material: 'DIAMOND_SWORD',
    display_name: 'Diamond Sword',
    amount: 1,
    price: 12_500,
    formatted_price: '12.5k',
    created_at_epoch: epochIn(-3 * 3600),
    expires_at_epoch: epochIn(timeLeft),
    time_left_seconds: timeLeft,
    ...overrides,
  };
}

export function makeSearch(results: AuctionListing[], totalMatching = results.length): AuctionSearch {
  return { count: results.length, total_matching: totalMatching, results };
}

export function makeLeaderboard(
  type: string,
  names: string[],
  value = (i: number) => 1000 - i * 10,
): Leaderboard {
  return {
    type,
    count: names.length,
    entries: names.map((name, i) => ({
      rank: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name,
      value: value(i),
    })),
  };
}

export const ok = <T>(data: T, fetchedAt = Date.now()) => ({ ok: true as const, data, fetchedAt });
export const fail = (error: ApiError) => ({ ok: false as const, error });

export type Handlers = {
  [T in RequestType]?: (request: Extract<Request, { type: T }>) => unknown;
};

/** Answers each request type with its handler (a value or a promise); unhandled types never answer. */
export function fakeBackground(mock: Mock, handlers: Handlers): void {
  mock.mockImplementation((request: Request) => {
    const handler = handlers[request.type] as ((r: Request) => unknown) | undefined;
    if (handler === undefined) return new Promise(() => {});
    return Promise.resolve(handler(request));
  });
}

/** A promise with its resolve function outside, to answer requests in any order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The requests of one type the mock has seen, in order. */
export function requestsOf<T extends RequestType>(mock: Mock, type: T): Extract<Request, { type: T }>[] {
  return mock.mock.calls
    .map((call) => call[0] as Request)
    .filter((r): r is Extract<Request, { type: T }> => r.type === type);
}

/** Moves fake timers on by `ms` inside act(), so effects and re-renders settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

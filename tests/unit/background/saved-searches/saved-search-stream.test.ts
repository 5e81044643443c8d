// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createSavedSearchStream,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
} from '@/entrypoints/background/saved-searches/saved-search-stream';
import type { Stream, StreamResult } from '@/entrypoints/background/scheduler/streams';
import { SAVED_SEARCH_MIN_INTERVAL_MS } from '@/utils/limits';
import type { EntriesWorth } from '@/utils/scheduler/news';

function fakeChecks(alerts: number, next: string | undefined) {
  return {
    alertCount: vi.fn(async () => alerts),
    nextToCheck: vi.fn(async () => next),
    checkInTurn: vi.fn(async (_id: string): Promise<StreamResult> => ({ ok: true })),
  };
}

describe('the saved searches stream', () => {
  it('is a scheduler Stream with nothing to do without alerts', async () => {
    const stream: Stream = createSavedSearchStream({ checks: fakeChecks(0, undefined) });
    expect(stream.id).toBe(SAVED_SEARCH_STREAM);
    expect(await stream.demand()).toBeNull();
  });

  it('asks for one request per search at most every minute, shared between them', async () => {
    expect(savedSearchDemand(1)).toEqual({ everyMs: SAVED_SEARCH_MIN_INTERVAL_MS });
    expect(savedSearchDemand(4)).toEqual({ everyMs: SAVED_SEARCH_MIN_INTERVAL_MS / 4 });
    expect(await createSavedSearchStream({ checks: fakeChecks(2, 'a') }).demand()).toEqual({
      everyMs: SAVED_SEARCH_MIN_INTERVAL_MS / 2,
    });
  });

  it('checks the next search, from the cache if fresh enough (not as the user)', async () => {
    const checks = fakeChecks(2, 'b');
    expect(await createSavedSearchStream({ checks }).run()).toEqual({ ok: true });
    expect(checks.checkInTurn).toHaveBeenCalledWith('b');
  });

  it('reports a failed check as the checks judged it (saved-search-checks.ts)', async () => {
    const checks = fakeChecks(1, 'a');
    checks.checkInTurn.mockResolvedValueOnce({ ok: false, failure: 'rate-limited' });
    expect(await createSavedSearchStream({ checks }).run()).toEqual({ ok: false, failure: 'rate-limited' });
  });

  it('sends nothing when no search is left to check', async () => {
    const checks = fakeChecks(1, undefined);
    expect(await createSavedSearchStream({ checks }).run()).toEqual({ ok: true });
    expect(checks.checkInTurn).not.toHaveBeenCalled();
  });
});

describe('the saved searches stream says what it is worth (issue 37)', () => {
  it('its alerts’ news and floor; every alert resting: due only when the first wakes', async () => {
    const at = Date.UTC(2026, 10, 20, 12, 0, 0);
    const worth = vi.fn(async (): Promise<EntriesWorth> => ({ news: 0.3, floorAt: at }));
    expect(await createSavedSearchStream({ checks: { ...fakeChecks(1, 'a'), worth } }).demand()).toEqual({
      everyMs: SAVED_SEARCH_MIN_INTERVAL_MS,
      news: 0.3,
      floorAt: at,
    });
    worth.mockResolvedValue({ restingUntil: at });
    expect(
      await createSavedSearchStream({ checks: { ...fakeChecks(1, undefined), worth } }).demand(),
    ).toEqual({
      everyMs: SAVED_SEARCH_MIN_INTERVAL_MS,
      dueAt: at,
    });
  });
});

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server';
import { type AuctionListing, AuctionSearchSchema } from '../../utils/api/schemas';
import { call, callJson, manualClock, startTestServer } from './helpers';

const START = Date.UTC(2030, 5, 1, 12);
const clock = manualClock(START);
let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
});
afterAll(() => server.close());

async function search(query: string) {
  const { status, body } = await callJson(server, `/api/auction/search${query}`);
  expect(status).toBe(200);
  return AuctionSearchSchema.parse(body);
}

const ids = (results: AuctionListing[]) => results.map((r) => r.id);

describe('limit', () => {
  it('defaults to 50 and caps at 200 silently', async () => {
    expect((await search('')).count).toBe(50);
    expect((await search('?limit=7')).count).toBe(7);
    expect((await search('?limit=200')).count).toBe(200);
    const capped = await search('?limit=201');
    expect(capped.count).toBe(200);
    expect(capped.total_matching).toBeGreaterThan(200);
    expect((await search('?limit=99999999999999999999')).count).toBe(200);
  });

  it('answers 400 {error} for a non-numeric, zero or negative limit', async () => {
    for (const limit of ['abc', '0', '-1', '1.5']) {
      const { status, body } = await callJson(server, `/api/auction/search?limit=${limit}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('sort', () => {
  it('recent: newest created first, ties by id', async () => {
    const { results } = await search('?sort=recent&limit=200');
    const expected = [...results].sort((a, b) => b.created_at_epoch - a.created_at_epoch || a.id - b.id);
    expect(ids(results)).toEqual(ids(expected));
    expect(ids((await search('?limit=200')).results)).toEqual(ids(results));
  });

  it('oldest: oldest created first', async () => {
    const { results } = await search('?sort=oldest&limit=200');
    expect(ids(results)).toEqual(
      ids([...results].sort((a, b) => a.created_at_epoch - b.created_at_epoch || a.id - b.id)),
    );
  });

  it('cheap: price ascending, ties by id', async () => {
    const { results } = await search('?sort=cheap&limit=200');
    expect(ids(results)).toEqual(ids([...results].sort((a, b) => a.price - b.price || a.id - b.id)));
  });

  it('expensive: price descending, ties by id', async () => {
    const { results } = await search('?sort=expensive&limit=200');
    expect(ids(results)).toEqual(ids([...results].sort((a, b) => b.price - a.price || a.id - b.id)));
    const top = Math.max(...(await search('?sort=cheap&limit=200')).results.map((r) => r.price));
    expect(results[0]?.price).toBeGreaterThanOrEqual(top);
  });

  it('answers 400 {error} for an unrecognised sort', async () => {
    for (const sort of ['newest', 'CHEAP', 'price']) {
      const { status, body } = await callJson(server, `/api/auction/search?sort=${sort}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('item filter', () => {
  it('matches the material by ID or by words, case-insensitively', async () => {
    const byId = await search('?item=DIAMOND_SWORD&limit=200');
    expect(byId.total_matching).toBeGreaterThan(0);
    for (const query of ['diamond%20sword', 'Diamond+Sword', 'diamond_sword']) {
      expect(ids((await search(`?item=${query}&limit=200`)).results)).toEqual(ids(byId.results));
    }
    for (const listing of byId.results) {
      const text = `${listing.material} ${listing.display_name} ${listing.seller}`
        .toLowerCase()
        .replaceAll('_', ' ');
      expect(text).toContain('diamond sword');
    }
  });

  it('matches the display name with colour codes stripped', async () => {
    const renamed = server.data.auctions.find((a) => a.display_name === '&6Excalibur');
    expect(renamed).toBeDefined();
    const { results } = await search('?item=excalibur&limit=200');
    expect(results.length).toBeGreaterThan(0);
    for (const listing of results) expect(listing.display_name).toBe('&6Excalibur');
  });

  it('matches the seller', async () => {
    const { results } = await search('?item=hostile_rank&limit=200');
    expect(results.map((r) => r.seller)).toContain('Hostile_Rank');
  });

  it('matches prices within 10% when the item is a number', async () => {
    for (const target of [1000, 25_000, 2.5e5]) {
      const { results, total_matching } = await search(`?item=${target}&limit=200`);
      expect(total_matching).toBeGreaterThan(0);
      for (const listing of results) {
        expect(listing.price).toBeGreaterThanOrEqual(target * 0.9 - 1e-9);
        expect(listing.price).toBeLessThanOrEqual(target * 1.1 + 1e-9);
      }
      const nowMs = clock.now();
      const expected = server.data.auctions.filter(
        (a) =>
          Math.abs(a.price - target) <= target * 0.1 &&
          nowMs >= (a.created_at_epoch + 60) * 1000 &&
          nowMs < a.expires_at_epoch * 1000,
      );
      expect(total_matching).toBe(expected.length);
    }
  });

  it('gives count after the limit and total_matching before it', async () => {
    const result = await search('?item=diamond&limit=2');
    expect(result.count).toBe(2);
    expect(result.results).toHaveLength(2);
    expect(result.total_matching).toBeGreaterThan(2);
  });

  it('finds nothing without error', async () => {
    expect(await search('?item=no-such-item-anywhere')).toEqual({ count: 0, total_matching: 0, results: [] });
  });
});

describe('visibility over time (injected clock)', () => {
  it('never returns premium-window listings; they appear once the window passes, and vanish on expiry', async () => {
    const nowSec = () => Math.floor(clock.now() / 1000);
    const premium = server.data.auctions.filter(
      (a) => a.created_at_epoch <= nowSec() && a.created_at_epoch + 60 > nowSec(),
    );
    const expiring = server.data.auctions.filter(
      (a) =>
        a.created_at_epoch + 60 <= nowSec() &&
        a.expires_at_epoch - nowSec() <= 180 &&
        a.expires_at_epoch > nowSec(),
    );
    const expired = server.data.auctions.filter((a) => a.expires_at_epoch <= nowSec());
    expect(premium.length).toBeGreaterThan(0);
    expect(expiring.length).toBeGreaterThan(0);
    expect(expired.length).toBeGreaterThan(0);

    /** Whether a search for the listing's seller returns it (sellers have few listings). */
    const returned = async (listing: { id: number; seller: string }) =>
      ids((await search(`?item=${listing.seller}&limit=200`)).results).includes(listing.id);
    const visibleInData = () =>
      server.data.auctions.filter(
        (a) => clock.now() >= (a.created_at_epoch + 60) * 1000 && clock.now() < a.expires_at_epoch * 1000,
      ).length;

    expect((await search('')).total_matching).toBe(visibleInData());
    for (const listing of [...premium, ...expired]) expect(await returned(listing)).toBe(false);
    const soonest = expiring.reduce((a, b) => (a.expires_at_epoch < b.expires_at_epoch ? a : b));
    const shown = (await search(`?item=${soonest.seller}&limit=200`)).results.find(
      (r) => r.id === soonest.id,
    );
    expect(shown?.time_left_seconds).toBe(soonest.expires_at_epoch - nowSec());

    clock.advance(61_000);
    expect((await search('')).total_matching).toBe(visibleInData());
    for (const listing of premium) expect(await returned(listing)).toBe(true);

    clock.advance(180_000);
    expect((await search('')).total_matching).toBe(visibleInData());
    for (const listing of [...expiring, ...expired]) expect(await returned(listing)).toBe(false);
    for (const listing of premium) expect(await returned(listing)).toBe(true);
  });

  it('reports time_left_seconds from the request time', async () => {
    const first = (await search('?sort=oldest&limit=1')).results[0];
    expect(first).toBeDefined();
    if (!first) return;
    expect(first.time_left_seconds).toBe(Math.ceil((first.expires_at_epoch * 1000 - clock.now()) / 1000));
    clock.advance(10_000);
    const again = (await search(`?item=${first.seller}&limit=200`)).results.find((r) => r.id === first.id);
    expect(again?.time_left_seconds).toBe(first.time_left_seconds - 10);
  });

  it('uses epoch seconds relative to the start time', () => {
    expect(server.data.startEpochSeconds).toBe(START / 1000);
    const epochs = server.data.auctions.map((a) => a.created_at_epoch);
    expect(Math.max(...epochs) - START / 1000).toBeLessThan(24 * 3600);
    expect(START / 1000 - Math.min(...epochs)).toBeLessThan(6 * 24 * 3600);
  });

  it('treats a malformed limit before anything else as an error even with a numeric item', async () => {
    expect((await call(server, '/api/auction/search?item=100&limit=zero')).status).toBe(400);
  });
});

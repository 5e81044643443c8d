// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREMIUM_WINDOW_SECONDS } from '../../demo/auctions';
import { formatPrice } from '../../demo/format';
import { NEW_LISTING_DEFAULT_EXPIRY_SECONDS, NEW_LISTING_MAX_EXPIRY_SECONDS } from '../../demo/new-listing';
import { DEMO_FIXTURE_UUIDS, type DemoServer, type NewListing } from '../../demo/server';
import { type AuctionListing, AuctionListingSchema, AuctionSearchSchema } from '../../utils/api/schemas';
import { HOUR_MS } from '../../utils/limits';
import { callJson, control, manualClock, startTestServer } from './helpers';

const clock = manualClock(Date.UTC(2030, 0, 1, 12));
let server: DemoServer;
let seededMaxId: number;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  seededMaxId = Math.max(...server.data.auctions.map((listing) => listing.id));
});
beforeEach(() => {
  server.reset();
  // Each test starts on a whole second, later than the previous test's clock.
  clock.advance(1000 - (clock.now() % 1000));
});
afterAll(() => server.close());

/** No seeded listing is a barrier, so searching for it finds only what a test added. */
const LISTING = {
  seller: 'notch',
  material: 'BARRIER',
  display_name: '&bTest Barrier',
  amount: 3,
  price: 1234.5,
} as const satisfies NewListing;

const nowEpoch = () => Math.floor(clock.now() / 1000);

async function search(query: string) {
  const { status, body } = await callJson(server, `/api/auction/search?${query}`);
  expect(status).toBe(200);
  return AuctionSearchSchema.parse(body);
}

async function barrierIds(): Promise<number[]> {
  return (await search('item=barrier&limit=200')).results.map((listing) => listing.id);
}

async function post(body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await control(server, 'auctions', 'POST', body);
  return { status: response.status, body: await response.json() };
}

async function postListing(body: NewListing): Promise<AuctionListing> {
  const response = await post(body);
  expect(response.status).toBe(201);
  return AuctionListingSchema.parse(response.body);
}

describe('POST /__demo/auctions', () => {
  it('adds a listing visible at once, placed on the demo clock, with the demo price format', async () => {
    const listing = await postListing(LISTING);
    expect(listing.id).toBeGreaterThan(seededMaxId);
    expect(listing).toEqual({
      id: listing.id,
      seller: 'Notch',
      material: 'BARRIER',
      display_name: '&bTest Barrier',
      amount: 3,
      price: 1234.5,
      formatted_price: formatPrice(1234.5),
      created_at_epoch: nowEpoch() - PREMIUM_WINDOW_SECONDS,
      expires_at_epoch: nowEpoch() + NEW_LISTING_DEFAULT_EXPIRY_SECONDS,
      time_left_seconds: NEW_LISTING_DEFAULT_EXPIRY_SECONDS,
    });
    expect((await search('item=barrier')).results).toEqual([listing]);
  });

  it('a cheaper listing is exactly one new result, first in the cheap order', async () => {
    const before = await search('item=diamond_sword&sort=cheap&limit=200');
    const cheapest = before.results[0]?.price ?? 0;
    expect(cheapest).toBeGreaterThan(1);
    const added = await postListing({
      ...LISTING,
      material: 'DIAMOND_SWORD',
      display_name: 'Diamond Sword',
      amount: 1,
      price: 1,
    });
    const after = await search('item=diamond_sword&sort=cheap&limit=200');
    expect(after.total_matching).toBe(before.total_matching + 1);
    expect(after.results[0]).toEqual(added);
    expect(after.results.slice(1)).toEqual(before.results.slice(0, after.results.length - 1));
  });

  it('names the seller as the demo spells it, also when given a UUID', async () => {
    expect((await postListing({ ...LISTING, seller: DEMO_FIXTURE_UUIDS.jeb })).seller).toBe('jeb_');
    expect((await postListing({ ...LISTING, seller: 'HOSTILE_RANK' })).seller).toBe('Hostile_Rank');
  });

  it('hands out unique, increasing ids, never reused after a reset', async () => {
    const first = await postListing(LISTING);
    const second = await postListing(LISTING);
    const third = server.addListing(LISTING);
    expect(first.id).toBeGreaterThan(seededMaxId);
    expect([second.id, third.id]).toEqual([first.id + 1, first.id + 2]);
    await control(server, 'reset', 'POST');
    const afterReset = await postListing(LISTING);
    expect(afterReset.id).toBe(first.id + 3);
    const ids = server.data.auctions.map((listing) => listing.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a premium listing out of search for exactly premium_seconds', async () => {
    const listing = await postListing({ ...LISTING, premium_seconds: 30 });
    expect(listing.created_at_epoch).toBe(nowEpoch() + 30 - PREMIUM_WINDOW_SECONDS);
    expect(await barrierIds()).toEqual([]);
    clock.advance(29_999);
    expect(await barrierIds()).toEqual([]);
    clock.advance(1);
    const found = (await search('item=barrier')).results;
    expect(found).toEqual([{ ...listing, time_left_seconds: listing.time_left_seconds - 30 }]);
  });

  it('on a clock between seconds, hides a premium listing for at least premium_seconds', async () => {
    clock.advance(500);
    await postListing({ ...LISTING, premium_seconds: 1 });
    clock.advance(1000);
    expect(await barrierIds()).toEqual([]);
    clock.advance(500);
    expect(await barrierIds()).toHaveLength(1);
  });

  it('on a clock between seconds, shows a listing without premium at once', async () => {
    clock.advance(500);
    const listing = await postListing({ ...LISTING, expires_in_seconds: 90 });
    expect(await barrierIds()).toEqual([listing.id]);
    expect(listing.time_left_seconds).toBe(90);
    expect(listing.expires_at_epoch).toBe(nowEpoch() + 90);
  });

  it('expires after expires_in_seconds, time_left_seconds counting down, and never comes back', async () => {
    const listing = await postListing({ ...LISTING, expires_in_seconds: 90 });
    expect(listing.expires_at_epoch).toBe(nowEpoch() + 90);
    clock.advance(89_000);
    expect((await search('item=barrier')).results).toEqual([{ ...listing, time_left_seconds: 1 }]);
    clock.advance(1_000);
    expect(await barrierIds()).toEqual([]);
    clock.advance(24 * HOUR_MS);
    expect(await barrierIds()).toEqual([]);
  });

  it('refuses bad input with 400 {error} and adds nothing', async () => {
    const count = server.data.auctions.length;
    for (const body of [
      'not json',
      [],
      {},
      { ...LISTING, seller: '' },
      { ...LISTING, material: 'diamond_sword' },
      { ...LISTING, material: '' },
      { ...LISTING, display_name: undefined },
      { ...LISTING, amount: 0 },
      { ...LISTING, amount: 65 },
      { ...LISTING, amount: 1.5 },
      { ...LISTING, price: 0 },
      { ...LISTING, price: -5 },
      { ...LISTING, price: '100' },
      { ...LISTING, expires_in_seconds: 0 },
      { ...LISTING, expires_in_seconds: NEW_LISTING_MAX_EXPIRY_SECONDS + 1 },
      { ...LISTING, premium_seconds: -1 },
      { ...LISTING, premium_seconds: PREMIUM_WINDOW_SECONDS + 1 },
      { ...LISTING, premium_seconds: 2.5 },
      { ...LISTING, id: 5 },
      { ...LISTING, formatted_price: '1k' },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
    expect(server.data.auctions.length).toBe(count);
  });

  it('refuses a seller who is not a demo player with 400', async () => {
    const response = await post({ ...LISTING, seller: 'NobodyHere' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "seller must be a demo player; no player matches 'NobodyHere'" });
  });
});

describe('DELETE /__demo/auctions/:id', () => {
  it('expires a listing now: gone from search for good', async () => {
    const listing = await postListing(LISTING);
    const response = await control(server, `auctions/${listing.id}`, 'DELETE');
    expect(response.status).toBe(200);
    expect(AuctionListingSchema.parse(await response.json())).toEqual({
      ...listing,
      expires_at_epoch: nowEpoch(),
      time_left_seconds: 0,
    });
    expect(await barrierIds()).toEqual([]);
    clock.advance(HOUR_MS);
    expect(await barrierIds()).toEqual([]);
  });

  it('keeps the first expiry when asked again later', async () => {
    const listing = await postListing(LISTING);
    await control(server, `auctions/${listing.id}`, 'DELETE');
    const expiredAt = nowEpoch();
    clock.advance(60_000);
    const again = await control(server, `auctions/${listing.id}`, 'DELETE');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ expires_at_epoch: expiredAt, time_left_seconds: -60 });
  });

  it('expires a listing still in its premium window, so it never shows', async () => {
    const listing = await postListing({ ...LISTING, premium_seconds: 10 });
    expect((await control(server, `auctions/${listing.id}`, 'DELETE')).status).toBe(200);
    clock.advance(60_000);
    expect(await barrierIds()).toEqual([]);
  });

  it('expires a seeded listing, which POST /__demo/reset brings back', async () => {
    const seeded = (await search('sort=cheap&limit=1')).results[0];
    if (seeded === undefined) throw new Error('the demo has visible listings');
    await control(server, `auctions/${seeded.id}`, 'DELETE');
    expect((await search('sort=cheap&limit=200')).results.map((l) => l.id)).not.toContain(seeded.id);
    await control(server, 'reset', 'POST');
    expect((await search('sort=cheap&limit=1')).results[0]).toEqual(seeded);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await control(server, `auctions/${seededMaxId + 1000}`, 'DELETE');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: `No listing with id ${seededMaxId + 1000}` });
    for (const id of ['abc', '-1', '1.5', '1e3']) {
      const response = await control(server, `auctions/${id}`, 'DELETE');
      expect(response.status, id).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });
});

describe('DemoServer.addListing and expireListing', () => {
  it('add and expire like the HTTP routes', async () => {
    const listing = server.addListing({ ...LISTING, price: 2_500_000, expires_in_seconds: 600 });
    expect(listing).toMatchObject({
      seller: 'Notch',
      formatted_price: formatPrice(2_500_000),
      time_left_seconds: 600,
    });
    expect((await search('item=barrier')).results).toEqual([listing]);
    expect(server.expireListing(listing.id)).toEqual({
      ...listing,
      expires_at_epoch: nowEpoch(),
      time_left_seconds: 0,
    });
    expect(await barrierIds()).toEqual([]);
  });

  it('throw on invalid fields, an unknown seller and an unknown id', () => {
    expect(() => server.addListing({ ...LISTING, price: -1 })).toThrow(/price/);
    expect(() => server.addListing({ ...LISTING, seller: 'NobodyHere' })).toThrow(/NobodyHere/);
    expect(() => server.expireListing(seededMaxId + 1000)).toThrow(
      `No listing with id ${seededMaxId + 1000}`,
    );
  });

  it('reset removes added listings', async () => {
    server.addListing(LISTING);
    expect(await barrierIds()).toHaveLength(1);
    server.reset();
    expect(await barrierIds()).toEqual([]);
    expect(server.data.auctions.some((listing) => listing.material === 'BARRIER')).toBe(false);
  });
});

describe('POST /__demo/market', () => {
  it('seeds one visible listing of the item per price, in order, and searching finds them', async () => {
    const response = await control(server, 'market', 'POST', {
      seller: 'notch',
      material: 'BARRIER',
      display_name: 'Barrier',
      prices: [100, 100, 50],
    });
    expect(response.status).toBe(201);
    const placed = ((await response.json()) as unknown[]).map((row) => AuctionListingSchema.parse(row));
    expect(placed.map((listing) => [listing.price, listing.amount, listing.seller])).toEqual([
      [100, 1, 'Notch'],
      [100, 1, 'Notch'],
      [50, 1, 'Notch'],
    ]);
    expect((await barrierIds()).sort()).toEqual(placed.map((listing) => listing.id).sort());
    expect(
      server.seedMarket({ seller: 'jeb_', material: 'BARRIER', display_name: 'Barrier', prices: [7] }),
    ).toHaveLength(1);
  });

  it('refuses an empty market, an unknown seller and a bad price, adding nothing', async () => {
    const item = { seller: 'notch', material: 'BARRIER', display_name: 'Barrier' };
    for (const body of [
      { ...item, prices: [] },
      { ...item, seller: 'nobody_here', prices: [1] },
      { ...item, prices: [-1] },
    ])
      expect((await control(server, 'market', 'POST', body)).status).toBe(400);
    expect(await barrierIds()).toEqual([]);
  });
});

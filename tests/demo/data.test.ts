// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES, forumNames, HOSTILE_RANK_DISPLAY } from '../../demo/data';
import { formatPrice } from '../../demo/format';
import { liveOnlineCount } from '../../demo/online-count';
import { createDemoData } from '../../demo/world';
import { AuctionListingSchema, PlayerSchema } from '../../utils/api/schemas';

const START = Date.UTC(2030, 0, 1);
const data = createDemoData({ seed: 42, startMs: START });
const start = START / 1000;

describe('demo players', () => {
  it('are about 400 valid players with unique names and UUIDs', () => {
    expect(data.players.length).toBe(400);
    for (const player of data.players) {
      PlayerSchema.parse(player);
      expect(player.name).toMatch(/^[A-Za-z0-9_]{3,16}$/);
      expect(player.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(player.stats.playtime_hours).toBe(player.stats.playtime_ticks / 72000);
      expect(player.stats_may_lag).toBe(player.online);
    }
    expect(new Set(data.players.map((p) => p.name.toLowerCase())).size).toBe(400);
    expect(new Set(data.players.map((p) => p.uuid)).size).toBe(400);
  });

  it('mix online and offline, ranks, zero and huge balances, decimals and zero deaths', () => {
    const online = data.players.filter((p) => p.online).length;
    expect(online).toBeGreaterThan(100);
    expect(online).toBeLessThan(170);
    expect(new Set(data.players.map((p) => p.rank.id)).size).toBeGreaterThanOrEqual(8);
    expect(data.players.some((p) => p.balance === 0)).toBe(true);
    expect(data.players.some((p) => p.balance >= 1e9)).toBe(true);
    expect(data.players.some((p) => !Number.isInteger(p.balance))).toBe(true);
    expect(data.players.filter((p) => p.stats.deaths === 0).length).toBeGreaterThan(5);
  });

  it('start with the fixtures, whose values do not depend on the seed', () => {
    const other = createDemoData({ seed: 7, startMs: START });
    const names = Object.values(DEMO_FIXTURES);
    expect(data.players.slice(0, names.length).map((p) => p.name)).toEqual(names);
    for (const name of names) expect(other.findPlayer(name)).toEqual(data.findPlayer(name));
    expect(data.findPlayer('steve')?.rank.display).toBe('&c&lADMIN');
    expect(data.findPlayer('hostile_rank')?.rank.display).toBe(HOSTILE_RANK_DISPLAY);
    expect(forumNames(data).slice(0, names.length)).toEqual(names);
    expect(forumNames(data)).toHaveLength(400);
  });

  it('are deterministic per seed', () => {
    const again = createDemoData({ seed: 42, startMs: START });
    expect(again.players).toEqual(data.players);
    expect(again.auctions).toEqual(data.auctions);
    expect(createDemoData({ seed: 43, startMs: START }).players[100]).not.toEqual(data.players[100]);
  });
});

describe('demo auctions', () => {
  it('are about 600 listings of real items with valid fields', () => {
    expect(data.auctions.length).toBeGreaterThanOrEqual(550);
    const names = new Set(data.players.map((p) => p.name));
    for (const listing of data.auctions) {
      AuctionListingSchema.parse({ ...listing, time_left_seconds: 0 });
      expect(names.has(listing.seller)).toBe(true);
      expect(listing.material).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(listing.amount).toBeGreaterThanOrEqual(1);
      expect(listing.amount).toBeLessThanOrEqual(64);
      expect(listing.expires_at_epoch).toBeGreaterThan(listing.created_at_epoch);
      expect(listing.formatted_price).toBe(formatPrice(listing.price));
    }
    expect(new Set(data.auctions.map((a) => a.id)).size).toBe(data.auctions.length);
  });

  it('include renamed items, premium-window, soon-expiring, expired, future and long-lived listings', () => {
    const count = (test: (a: (typeof data.auctions)[number]) => boolean) => data.auctions.filter(test).length;
    expect(count((a) => a.display_name.startsWith('&'))).toBeGreaterThan(10);
    expect(count((a) => a.created_at_epoch <= start && a.created_at_epoch > start - 60)).toBeGreaterThan(3);
    expect(
      count((a) => a.expires_at_epoch >= start + 60 && a.expires_at_epoch <= start + 180),
    ).toBeGreaterThan(5);
    expect(count((a) => a.expires_at_epoch <= start)).toBeGreaterThan(10);
    expect(count((a) => a.created_at_epoch > start)).toBeGreaterThan(10);
    expect(count((a) => a.expires_at_epoch > start + 6 * 3600)).toBeGreaterThan(300);
  });
});

describe('formatting helpers', () => {
  it.each([
    [0, '0'],
    [12.5, '12.5'],
    [999, '999'],
    [999.99, '999.99'],
    [1000, '1k'],
    [1234, '1.2k'],
    [999_950, '1M'],
    [3_500_000, '3.5M'],
    [1.2e9, '1.2B'],
    [2.4e12, '2.4T'],
  ])('formatPrice(%d) = %s', (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });

  it('computes a gentle online count around 1,200', () => {
    const values = Array.from({ length: 120 }, (_, minute) => liveOnlineCount(START + minute * 60_000));
    for (const value of values) {
      expect(value).toBeGreaterThan(1000);
      expect(value).toBeLessThan(1400);
    }
    for (let i = 1; i < values.length; i++)
      expect(Math.abs((values[i] ?? 0) - (values[i - 1] ?? 0))).toBeLessThan(60);
  });
});

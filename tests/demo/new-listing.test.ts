// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type DemoAuction, isListingVisible, PREMIUM_WINDOW_SECONDS } from '../../demo/auctions';
import { expiredListing, NewListingSchema, placeListing } from '../../demo/new-listing';

const START_MS = Date.UTC(2030, 0, 1, 12);
const START = START_MS / 1000;
const request = NewListingSchema.parse({
  seller: 'Notch',
  material: 'BARRIER',
  display_name: 'Barrier',
  amount: 1,
  price: 999.999,
});

describe('placeListing', () => {
  it('formats the price with the demo helper and uses the given id and seller spelling', () => {
    expect(placeListing(7, { ...request, seller: 'notch' }, 'Notch', START_MS)).toMatchObject({
      id: 7,
      seller: 'Notch',
      formatted_price: '1k',
    });
  });

  it('with a full premium window on a clock between seconds, still expires after it was created', () => {
    const listing = placeListing(
      1,
      { ...request, premium_seconds: PREMIUM_WINDOW_SECONDS, expires_in_seconds: 1 },
      'Notch',
      START_MS + 500,
    );
    expect(listing.created_at_epoch).toBe(START + 1);
    expect(listing.expires_at_epoch).toBe(START + 2);
  });
});

describe('expiredListing', () => {
  const future: DemoAuction = {
    ...placeListing(1, request, 'Notch', START_MS),
    created_at_epoch: START + 600,
    expires_at_epoch: START + 86_400,
  };

  it('never moves expiry before creation, so a not-yet-listed item never shows', () => {
    const expired = expiredListing(future, START_MS);
    expect(expired.expires_at_epoch).toBe(START + 601);
    for (let second = 0; second < 3600; second += 1) {
      expect(isListingVisible(expired, START_MS + second * 1000)).toBe(false);
    }
  });

  it('keeps an earlier expiry and leaves the original untouched', () => {
    const listing = placeListing(1, { ...request, expires_in_seconds: 30 }, 'Notch', START_MS);
    expect(expiredListing(listing, START_MS + 3_600_000).expires_at_epoch).toBe(START + 30);
    const now = expiredListing(listing, START_MS + 10_000);
    expect(now.expires_at_epoch).toBe(START + 10);
    expect(listing.expires_at_epoch).toBe(START + 30);
  });
});

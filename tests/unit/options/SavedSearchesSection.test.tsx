import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SavedSearchesSection } from '@/entrypoints/options/SavedSearchesSection';
import { storeSearches } from '../../fixtures/saved-searches';

describe('SavedSearchesSection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('says how often each saved search with an alert is checked, and follows changes', async () => {
    await storeSearches([
      { id: 'a', text: 'diamond', sort: 'cheap', alertBelow: 5 },
      { id: 'b', text: 'sword', sort: 'cheap' },
    ]);
    render(
      <SavedSearchesSection
        backgroundRequestsPerHour={60}
        badgeEnabled={false}
        badgeShows="online-count"
        badgeIntervalSeconds={60}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Saved searches' })).toBeTruthy();
    expect(
      await screen.findByText(/^Your saved search with an alert is checked about every 1 min /),
    ).toBeTruthy();
    await storeSearches([]);
    expect(await screen.findByText(/^No saved search has an alert/)).toBeTruthy();
  });
});

describe('SavedSearchesSection beside the badge', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('counts the badge’s share of the budget: alerts are checked less often with the badge counting', async () => {
    await storeSearches(
      Array.from({ length: 10 }, (_, index) => ({
        id: `s${index}`,
        text: `item${index}`,
        sort: 'cheap',
        alertBelow: 5,
      })),
    );
    render(
      <SavedSearchesSection
        backgroundRequestsPerHour={60}
        badgeEnabled
        badgeShows="online-count"
        badgeIntervalSeconds={60}
      />,
    );
    expect(await screen.findByText(/checked about every 20 min/)).toBeTruthy();
  });
});

describe('SavedSearchesSection beside rank watch', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  const tenAlerts = () =>
    storeSearches(
      Array.from({ length: 10 }, (_, index) => ({
        id: `s${index}`,
        text: `item${index}`,
        sort: 'cheap',
        alertBelow: 5,
      })),
    );
  const props = {
    backgroundRequestsPerHour: 20,
    badgeEnabled: false,
    badgeShows: 'online-count',
    badgeIntervalSeconds: 60,
    ownName: 'Steve',
  } as const;

  it('on, with the own name to track: its boards take their share, alerts are checked less often', async () => {
    await tenAlerts();
    render(<SavedSearchesSection {...props} rankWatch />);
    expect(await screen.findByText(/checked about every 40 min/)).toBeTruthy();
  });

  it('off: the alerts have the budget to themselves', async () => {
    await tenAlerts();
    render(<SavedSearchesSection {...props} rankWatch={false} />);
    expect(await screen.findByText(/checked about every 30 min/)).toBeTruthy();
  });
});

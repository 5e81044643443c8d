import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SavedSearchesSection } from '../../../entrypoints/options/SavedSearchesSection';
import { savedSearchesItem } from '../../../utils/saved-searches/storage';

describe('SavedSearchesSection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('says how often each saved search with an alert is checked, and follows changes', async () => {
    await savedSearchesItem.setValue([
      { id: 'a', text: 'diamond', sort: 'cheap', alertBelow: 5 },
      { id: 'b', text: 'sword', sort: 'cheap' },
    ]);
    render(<SavedSearchesSection budgetPerHour={60} />);
    expect(screen.getByRole('heading', { name: 'Saved searches' })).toBeTruthy();
    expect(
      await screen.findByText(/^Your saved search with an alert is checked about every 1 minute/),
    ).toBeTruthy();
    await savedSearchesItem.setValue([]);
    expect(await screen.findByText(/^No saved search has an alert/)).toBeTruthy();
  });
});

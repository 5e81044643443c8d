// Specifies entrypoints/privacy/: the privacy policy page, in the browser's language, from the registry.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyPage } from '@/entrypoints/privacy/PrivacyPage';
import { REQUESTS_SENT, STORED_VALUES } from '@/utils/storage/data-registry';
import { LOCALES, speak } from '../../fixtures/catalogues';

afterEach(cleanup);

describe('privacy page', () => {
  it.each(LOCALES)('in %s: one h1, a list item per stored value and per request', async (locale) => {
    await speak(locale);
    render(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(STORED_VALUES.length + REQUESTS_SENT.length);
    // Every message was found: a missing one would show its key (utils/i18n/translate.ts).
    expect(document.body.textContent).not.toMatch(/\b(?:privacy|options)\.\w|\{\w+\}/);
  });

  it('names the one header the key travels in, and the history database’s retention', async () => {
    await speak('en');
    render(<PrivacyPage />);
    expect(screen.getByText(/only in the X-API-Key header/)).toBeTruthy();
    expect(screen.getAllByText('Deleted after 365 days.').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'How to delete it all' })).toBeTruthy();
  });
});

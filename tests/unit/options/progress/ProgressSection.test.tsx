import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProgressSection } from '@/entrypoints/options/progress/ProgressSection';
import { getSettings } from '@/utils/settings';
import { unfoldAll } from '../unfold';

describe('Today starts at (Options)', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(cleanup);

  it('offers the 24 hours, midnight chosen by default, and saves the one picked', async () => {
    expect((await getSettings()).progressResetHour).toBe(0);
    render(<ProgressSection resetHour={0} />);
    unfoldAll();
    const select = screen.getByLabelText('Today starts at') as HTMLSelectElement;
    expect(select.options).toHaveLength(24);
    expect(select.value).toBe('0');
    select.value = '6';
    fireEvent.change(select);
    await waitFor(async () => expect((await getSettings()).progressResetHour).toBe(6));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});

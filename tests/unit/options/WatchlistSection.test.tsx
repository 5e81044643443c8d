import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchlistSection } from '@/entrypoints/options/WatchlistSection';

const NOTIFY_LABEL = 'Notify me when a watched player comes online';
const NOTIFY_REFUSED = 'Notifications were not allowed, so none will be shown.';

import { getSettings } from '@/utils/settings';

describe('Notify me when a watched player comes online', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('ticking it asks for the notifications permission, then saves the setting', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    render(<WatchlistSection notifyWatchedOnline={false} />);
    fireEvent.click(screen.getByLabelText(NOTIFY_LABEL));
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    await waitFor(async () => expect((await getSettings()).notifyWatchedOnline).toBe(true));
  });

  it('refused: the box is unticked again and the page says so; nothing saved', async () => {
    vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(false as never);
    render(<WatchlistSection notifyWatchedOnline={false} />);
    const box = screen.getByLabelText(NOTIFY_LABEL) as HTMLInputElement;
    fireEvent.click(box);
    expect(await screen.findByText(NOTIFY_REFUSED)).toBeTruthy();
    expect(box.checked).toBe(false);
    expect((await getSettings()).notifyWatchedOnline).toBe(false);
  });

  it('unticking it saves without asking anything', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request');
    render(<WatchlistSection notifyWatchedOnline={true} />);
    fireEvent.click(screen.getByLabelText(NOTIFY_LABEL));
    await waitFor(async () => expect((await getSettings()).notifyWatchedOnline).toBe(false));
    expect(request).not.toHaveBeenCalled();
  });
});

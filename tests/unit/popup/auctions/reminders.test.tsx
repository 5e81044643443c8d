import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AuctionsTab } from '@/entrypoints/popup/auctions/AuctionsTab';
import { fakeBackground, makeListing, makeSearch, ok, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import type { RequestFor } from '@/utils/messages';
import { REMINDERS_KEY, REMINDERS_MAX, type Reminder } from '@/utils/reminders/reminder';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);
vi.mock('@/entrypoints/popup/auctions/read-market', () => ({
  readMarket: vi.fn(() => new Promise(() => {})),
}));

/** A background that keeps reminders as the real one does: in storage.local, which the tab watches. */
function background(options: { full?: boolean } = {}) {
  let kept: Reminder[] = [];
  fakeBackground(ask, {
    'auction-search': () =>
      ok(makeSearch([makeListing({ id: 1, seller: 'Notch' }), makeListing({ id: 2, seller: 'Alex' })])),
    reminders: () => ({ reminders: kept, max: REMINDERS_MAX }),
    'set-reminder': async (request: RequestFor<'set-reminder'>) => {
      if (request.on && options.full)
        return { ok: false as const, message: 'You have 50 reminders, the most at once.' };
      kept = request.on
        ? [
            ...kept,
            {
              id: request.id,
              item: request.item,
              seller: request.seller,
              price: request.price,
              endsAt: Date.now() + request.secondsLeft * 1000,
              state: 'waiting' as const,
            },
          ]
        : kept.filter((reminder) => reminder.id !== request.id);
      await fakeBrowser.storage.local.set({ [REMINDERS_KEY]: kept });
      return { ok: true as const };
    },
  });
}

function renderTab() {
  return render(
    <AuctionsTab
      initialQuery=""
      initialSort="recent"
      onChange={vi.fn()}
      onOpenPlayer={vi.fn()}
      fieldRef={createRef()}
    />,
  );
}

const remindButton = (seller: string) =>
  screen.findByRole('button', { name: `Remind me before Diamond Sword by ${seller} ends` });

describe('Remind me in the Auctions tab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(undefined as never);
  });
  afterEach(cleanup);

  it('a toggle per listing that names it; on: listed with seller, price, countdown and state; Remove takes it away', async () => {
    background();
    renderTab();
    const button = await remindButton('Notch');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('heading', { name: 'Reminders' })).toBeNull();

    fireEvent.click(button);
    // The notifications permission is asked in the click itself (a user gesture).
    expect(fakeBrowser.permissions.request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    const heading = await screen.findByRole('heading', { name: 'Reminders' });
    expect(requestsOf(ask, 'set-reminder')).toEqual([
      expect.objectContaining({ id: 1, item: 'Diamond Sword', seller: 'Notch', price: 12_500, on: true }),
    ]);
    expect((await remindButton('Notch')).getAttribute('aria-pressed')).toBe('true');
    expect((await remindButton('Alex')).getAttribute('aria-pressed')).toBe('false');
    const list = heading.closest('section') as HTMLElement;
    const row = within(list).getByRole('listitem');
    expect(row.textContent).toMatch(/^Diamond Sword by Notch · 12,500 · ends in (1h 00m|59m \d+s) Waiting/);

    fireEvent.click(
      within(list).getByRole('button', { name: 'Remove the reminder for Diamond Sword by Notch' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Reminders' })).toBeNull());
    expect((await remindButton('Notch')).getAttribute('aria-pressed')).toBe('false');
  });

  it('full: says so, and adds nothing', async () => {
    background({ full: true });
    renderTab();
    fireEvent.click(await remindButton('Alex'));
    expect(await screen.findByText('You have 50 reminders, the most at once.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reminders' })).toBeNull();
  });
});

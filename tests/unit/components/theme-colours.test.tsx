import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerCard } from '@/components/PlayerCard';
import { readableOn } from '@/utils/colour-codes';
import { makePlayer } from '../../fixtures/players';

/**
 * The card's accent and its rank text share a colour: each theme's readable form of it is worked
 * out once (issue 35, the card's one frame), not once by the card and again by its rank.
 */

vi.mock('@/utils/colour-codes', async (actual) => {
  const codes = await actual<typeof import('@/utils/colour-codes')>();
  return { ...codes, readableOn: vi.fn(codes.readableOn) };
});
const readable = vi.mocked(readableOn);

describe('a colour made readable on each theme', () => {
  afterEach(cleanup);

  it('is worked out once per theme for the card and its rank, and not again for the next card', async () => {
    const { readableOn: real } =
      await vi.importActual<typeof import('@/utils/colour-codes')>('@/utils/colour-codes');
    readable.mockClear();
    const gold = makePlayer({ rank: { id: 'vip', display: '&6VIP', weight: 10 } });
    const { container } = render(<PlayerCard player={gold} variant="full" />);
    expect(readable.mock.calls).toEqual([
      ['#FFAA00', 'light'],
      ['#FFAA00', 'dark'],
    ]);
    // The same values the card and the rank used before: only the repeat is gone.
    const card = container.querySelector<HTMLElement>('.player-card');
    const rank = container.querySelector<HTMLElement>('.rank-text span');
    expect(card?.style.getPropertyValue('--card-accent-light')).toBe(real('#FFAA00', 'light'));
    expect(card?.style.getPropertyValue('--card-accent-dark')).toBe(real('#FFAA00', 'dark'));
    expect(rank?.style.getPropertyValue('--rank-c-light')).toBe(real('#FFAA00', 'light'));
    expect(rank?.style.getPropertyValue('--rank-c-dark')).toBe(real('#FFAA00', 'dark'));

    cleanup();
    render(<PlayerCard player={{ ...gold, name: 'Alex' }} variant="compact" />);
    expect(readable).toHaveBeenCalledTimes(2);
  });
});

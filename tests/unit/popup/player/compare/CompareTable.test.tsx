// Compare's table (entrypoints/popup/player/compare/PlayerCompare.tsx): a captioned table with
// a header per player, every stat a row, the better value marked in words beside it.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTable } from '@/entrypoints/popup/player/compare/PlayerCompare';
import { makePlayer } from '@/tests/fixtures/players';

describe('CompareTable', () => {
  afterEach(cleanup);

  it('marks the better value of each stat in words, not by colour alone', () => {
    const left = makePlayer({ name: 'Left', balance: 10, shards: 5 });
    const right = makePlayer({ name: 'Right', balance: 20, shards: 5 });
    render(<CompareTable left={left} right={right} />);
    const table = screen.getByRole('table', { name: 'Left and Right side by side' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Stat', 'Left', 'Right']);
    const balance = within(table).getByRole('row', { name: /^Balance/ });
    expect(
      within(balance)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '20 ▲ better']);
    // The arrow is decoration; the word is what is read out.
    expect(balance.querySelector('[aria-hidden="true"]')?.textContent).toBe('▲ ');
    const shards = within(table).getByRole('row', { name: /^Shards/ });
    expect(shards.textContent).not.toContain('better');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });
});

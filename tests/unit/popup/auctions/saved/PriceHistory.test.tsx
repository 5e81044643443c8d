import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceHistory } from '@/entrypoints/popup/auctions/saved/PriceHistory';
import { popupHistory } from '@/entrypoints/popup/auctions/saved/popup-history';
import { speak } from '@/tests/fixtures/catalogues';
import { freshIndexedDb } from '@/tests/unit/utils/history/history-fixtures';
import { PRICE_CSV_HEADER } from '@/utils/history/price-csv';

vi.mock('uplot', async () => {
  const { FakeUPlot } = await import('@/tests/unit/components/chart/uplot-fake');
  return { default: FakeUPlot };
});
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

const NOW = Date.now();

describe('PriceHistory', () => {
  beforeEach(async () => {
    await popupHistory().close();
    freshIndexedDb();
  });
  afterEach(cleanup);

  it('says how the history fills up while it is empty', async () => {
    render(<PriceHistory searchId="s1" text="diamond" version={null} />);
    expect(await screen.findByText(/^No data yet\. Each check records the prices/)).toBeTruthy();
  });

  it('charts one item at a time, the most listed first, with the figures in words', async () => {
    const history = popupHistory();
    const diamond = (lowest: number, median: number, listings: number) => ({
      material: 'DIAMOND',
      name: 'Diamond',
      lowest,
      median,
      listings,
    });
    const block = (lowest: number, median: number) => ({
      material: 'DIAMOND_BLOCK',
      name: 'Diamond Block',
      lowest,
      median,
      listings: 1,
    });
    // Medianed together these would read "lowest 2, median 40": Diamonds and Diamond Blocks.
    const at = [NOW - 3 * 3_600_000, NOW - 2 * 3_600_000, NOW - 60_000];
    await history.recordPrices(
      's1',
      { lowest: 10, median: 40, count: 5, items: [diamond(10, 14, 4), block(90, 95)] },
      at[0],
    );
    await history.recordPrices(
      's1',
      { lowest: 9, median: 40, count: 5, items: [diamond(9, 13, 4), block(80, 85)] },
      at[1],
    );
    await history.recordPrices(
      's1',
      { lowest: 8, median: 40, count: 6, items: [diamond(8, 12, 5), block(80, 85)] },
      at[2],
    );
    await history.recordPrices(
      'other',
      { lowest: 1, median: 1, count: 1, items: [diamond(1, 1, 1)] },
      NOW - 60_000,
    );
    render(<PriceHistory searchId="s1" text="diamond" version={1} />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Price per item for “diamond”, last 24 hours\. Diamond: lowest price from 8 to 10 each \(now 8\), median from 12 to 14 \(now 12\), last checked .+\.$/,
    );
    const picker = screen.getByRole('combobox', { name: 'Item' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual(['Diamond', 'Diamond Block']);

    fireEvent.change(picker, { target: { value: 'DIAMOND_BLOCK\nDiamond Block' } });
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
        /Diamond Block: lowest price from 80 to 90 each \(now 80\), median from 85 to 95 \(now 85\)/,
      ),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'last 30 days' }));
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/last 30 days\. Diamond Block/),
    );
  });

  it('says it is collecting data after a single check, and leaves out points that mixed every item', async () => {
    const history = popupHistory();
    await history.recordPrices('s1', { lowest: 2, median: 40, count: 5 }, NOW - 7_200_000);
    await history.recordPrices(
      's1',
      {
        lowest: 8,
        median: 12,
        count: 1,
        items: [{ material: 'DIAMOND', name: 'Diamond', lowest: 8, median: 12, listings: 1 }],
      },
      NOW - 60_000,
    );
    render(<PriceHistory searchId="s1" text="diamond" version={1} />);
    expect(await screen.findByText(/^Collecting data: the chart appears after a few checks/)).toBeTruthy();
    expect(screen.getByText(/^Diamond: lowest price 8 each \(now 8\), median 12 \(now 12\)/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('exports the history as CSV, or says there is nothing yet', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<PriceHistory searchId="s1" text="diamond" version={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Nothing to export yet: check the search first.')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();

    await popupHistory().recordPrices('s1', { lowest: 10, median: 14, count: 5 }, NOW - 60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 row.')).toBeTruthy();
    expect(click).toHaveBeenCalledOnce();
    const blob = created.mock.calls[0]?.[0] as Blob;
    const csv = await blob.text();
    expect(csv.split('\r\n')[0]).toBe(PRICE_CSV_HEADER.join(','));
    expect(csv).toContain('diamond,');
  });
});

describe('PriceHistory in other languages', () => {
  beforeEach(async () => {
    await popupHistory().close();
    freshIndexedDb();
  });
  afterEach(cleanup);

  it('says how the history fills up, names its ranges and export in Brazilian Portuguese', async () => {
    await speak('pt_BR');
    render(<PriceHistory searchId="s1" text="diamond" version={null} />);
    expect(await screen.findByText(/^Ainda não há dados\. Cada verificação registra os preços/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'últimos 7 dias' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Nada para exportar ainda: verifique a pesquisa primeiro.')).toBeTruthy();
  });
});

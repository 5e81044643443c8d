import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceHistory } from '../../../../../entrypoints/popup/auctions/saved/PriceHistory';
import { popupHistory } from '../../../../../entrypoints/popup/auctions/saved/popup-history';
import { PRICE_CSV_HEADER } from '../../../../../utils/history/price-csv';
import { speak } from '../../../../fixtures/catalogues';
import { freshIndexedDb } from '../../../utils/history/history-fixtures';

vi.mock('uplot', async () => {
  const { FakeUPlot } = await import('../../../components/chart/uplot-fake');
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

  it('draws lowest and median, labelled with the search and range, with the figures in words', async () => {
    const history = popupHistory();
    await history.recordPrices('s1', { lowest: 10, median: 14, count: 5 }, NOW - 3_600_000);
    await history.recordPrices('s1', { lowest: 8, median: 12, count: 6 }, NOW - 60_000);
    await history.recordPrices('other', { lowest: 1, median: 1, count: 1 }, NOW - 60_000);
    render(<PriceHistory searchId="s1" text="diamond" version={1} />);
    const chart = await screen.findByRole('img');
    const label = chart.getAttribute('aria-label') ?? '';
    expect(label).toMatch(
      /^Price per item for “diamond”, last 24 hours\. Lowest price: Lowest 8, highest 10, latest 8 at /,
    );
    expect(label).toMatch(/Median: Lowest 12, highest 14, latest 12 at /);

    fireEvent.click(screen.getByRole('radio', { name: 'last 30 days' }));
    await waitFor(() => expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/last 30 days/));
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

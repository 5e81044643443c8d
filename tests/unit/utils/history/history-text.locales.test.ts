import { describe, expect, it } from 'vitest';
import { speak } from '@/tests/fixtures/catalogues';
import { CHART_RANGES } from '@/utils/history/chart-ranges';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import { formatBytes, historySizeText } from '@/utils/history/history-size-text';
import { onlineFiguresText, onlineHistoryChart } from '@/utils/history/online-history';
import { deltaSentence, playerDeltas, statDeltaText } from '@/utils/history/player-deltas';
import { STORES } from '@/utils/history/schema';
import { snapshot } from './history-fixtures';

const NOW = Date.UTC(2025, 5, 10, 12, 0, 0);
const NO_ROWS = {
  [STORES.onlineCounts]: 0,
  [STORES.playerSnapshots]: 0,
  [STORES.pricePoints]: 0,
  [STORES.listings]: 0,
};

describe('history words in other languages', () => {
  it('German: what changed this week, with German plurals', async () => {
    await speak('de');
    const rows = [
      snapshot(NOW - 10 * DAY_MS, { kills: 100, balance: 10_000 }),
      snapshot(NOW - 3 * DAY_MS, { kills: 105, balance: 12_000 }),
      snapshot(NOW - 2 * HOUR_MS, { kills: 112, balance: 13_400 }),
    ];
    const deltas = playerDeltas(rows, NOW);
    expect(deltaSentence(deltas, 'week')).toBe('+12 Kills, +3.4k Kontostand diese Woche');
    expect(deltaSentence(playerDeltas([], NOW), 'day')).toBe(
      'Noch nicht genug Verlauf für die letzten 24 Stunden',
    );
    expect(statDeltaText('deaths', 1)).toBe('+1 Tod');
    expect(statDeltaText('deaths', -3)).toBe('−3 Tode');
    expect(statDeltaText('playtimeHours', 2.46)).toBe('+2,5 Std. gespielt');
  });

  it('French: the stored history’s size in French units and plurals', async () => {
    await speak('fr');
    expect(formatBytes(900)).toMatch(/^900\s+octets$/);
    expect(historySizeText({ rows: NO_ROWS, approxBytes: 0 })).toBe(
      'Aucun historique enregistré pour l’instant.',
    );
    expect(
      historySizeText({
        rows: { ...NO_ROWS, [STORES.onlineCounts]: 2, [STORES.playerSnapshots]: 1 },
        approxBytes: 1_300_000,
      }),
    ).toBe(
      `Environ ${formatBytes(1_300_000)} : 2 comptages en ligne, 1 relevé de joueur, 0 point de prix, 0 offre vue.`,
    );
    expect(formatBytes(1_300_000)).toMatch(/^1,3\s?Mo$/);
  });

  it('Spanish: the chart label, its range and the figures', async () => {
    await speak('es');
    expect(CHART_RANGES['7d'].label).toBe('últimos 7 días');
    expect(onlineHistoryChart([], '24h', NOW, 60_000).label).toBe('Jugadores conectados, últimas 24 horas');
    expect(onlineFiguresText(null, String, String)).toBe('No hay recuentos en este periodo.');
    expect(onlineFiguresText({ min: 1, max: 3, latest: 2, latestTime: 0 }, String, () => '14:05')).toBe(
      'Mín. 1, máx. 3, ahora 2 (a las 14:05).',
    );
  });

  it('English keeps its words', () => {
    expect(CHART_RANGES['24h'].label).toBe('last 24 hours');
    expect(statDeltaText('kills', 1)).toBe('+1 kill');
  });
});

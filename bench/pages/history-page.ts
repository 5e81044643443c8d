/**
 * Runs inside a Chromium page for bench/figures/history.ts (bundled by esbuild there): the
 * real history store on the browser's real IndexedDB, and the real chart code (chart data,
 * then uPlot drawing on a canvas). Exposes `window.historyBench`.
 */

import { drawChart } from '../../components/chart/draw-chart';
import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import type { OnlineCountRow } from '../../utils/history/history-rows';
import { historyStoreSize } from '../../utils/history/history-size';
import { createHistoryStore } from '../../utils/history/history-store';
import { onlineHistoryChart } from '../../utils/history/online-history';
import { STORES } from '../../utils/history/schema';

const store = createHistoryStore({ dbName: 'bench-history' });
const NOW = Date.now();
let rows: OnlineCountRow[] = [];
let inserted = 0;

/** Waits for uPlot's deferred commit (a microtask) so the canvas is drawn. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(resolve)));

const bench = {
  /** 30 days at one count a minute, `points` rows, in one transaction. */
  async seed(points: number): Promise<number> {
    await store.clearAll();
    for (let i = points; i >= 1; i--)
      void store.recordOnlineCount(1000 + ((i * 37) % 500), NOW - i * MINUTE_MS);
    await store.flush();
    return (await historyStoreSize(store)).rows[STORES.onlineCounts];
  },
  /** One count recorded and committed: its own readwrite transaction, as a poll does. */
  async insertOne(): Promise<number> {
    inserted += 1;
    const start = performance.now();
    const written = store.recordOnlineCount(1234, NOW + inserted);
    await store.flush();
    await written;
    return performance.now() - start;
  },
  /** The 30-day read a chart does (with each row checked against its schema). */
  async read30Days(): Promise<{ ms: number; rows: number }> {
    const start = performance.now();
    rows = await store.onlineCounts(NOW - 30 * DAY_MS, NOW + MINUTE_MS);
    return { ms: performance.now() - start, rows: rows.length };
  },
  /** Where the read's time goes: IndexedDB's getAll alone, then the schema checks alone. */
  async readParts(): Promise<{ getAllMs: number; parseMs: number }> {
    const { openHistoryDb } = await import('../../utils/history/open-history-db');
    const { OnlineCountRowSchema } = await import('../../utils/history/history-rows');
    const db = await openHistoryDb({ name: 'bench-history' });
    const t0 = performance.now();
    const raw = (
      await db.getAll(STORES.onlineCounts, IDBKeyRange.bound(NOW - 31 * DAY_MS, NOW + MINUTE_MS))
    ).flatMap((hour) => hour.rows);
    const t1 = performance.now();
    for (const row of raw) OnlineCountRowSchema.safeParse(row);
    const t2 = performance.now();
    db.close();
    return { getAllMs: t1 - t0, parseMs: t2 - t1 };
  },
  /** From the rows read to the chart drawn: chart data (gaps, nulls, figures), then uPlot. */
  async render(): Promise<{ ms: number; dataMs: number; points: number }> {
    const host = document.createElement('div');
    host.style.width = '352px';
    document.body.append(host);
    const start = performance.now();
    // The 30 days up to the last count inserted (the seeded ones and insertOne's).
    const view = onlineHistoryChart(rows, '30d', NOW + MINUTE_MS, MINUTE_MS);
    const dataMs = performance.now() - start;
    const chart = drawChart(host, {
      data: view.chart.data,
      series: [{ name: 'Online', colour: '--x' }],
      height: 140,
    });
    await settle();
    const ms = performance.now() - start;
    chart.destroy();
    host.remove();
    return { ms, dataMs, points: view.chart.points };
  },
  /**
   * The machine's price of drawing those points, the baseline for render(): the same rows as
   * one plain canvas polyline of the chart's size, no chart code. Returns ms.
   */
  drawRaw(): number {
    const canvas = document.createElement('canvas');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(352 * ratio);
    canvas.height = Math.round(140 * ratio);
    document.body.append(canvas);
    const start = performance.now();
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const first = rows[0]?.time ?? 0;
    const span = Math.max(1, (rows[rows.length - 1]?.time ?? 1) - first);
    context.beginPath();
    for (const [i, row] of rows.entries()) {
      const x = ((row.time - first) / span) * canvas.width;
      const y = canvas.height - (row.count / 2000) * canvas.height;
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.stroke();
    // Reading a pixel waits for the drawing to be done.
    context.getImageData(0, 0, 1, 1);
    const ms = performance.now() - start;
    canvas.remove();
    return ms;
  },
};

(window as unknown as { historyBench: typeof bench }).historyBench = bench;

/**
 * The machine's price of a list tick, measured in the same run: the blank extension page given
 * `rows` plain list rows (three lines of text each, the popup's width and font) and a one-second
 * timer that rewrites one text in every row, as a list without memoised rows would. No framework,
 * no extension code: what it costs is the browser's style, layout and paint for that many
 * changed rows on this machine, under this moment's load. bench/figures/auction-ticks.ts divides
 * the Auctions tab's tick by it.
 */
import { type BenchEnv, extensionUrl, POPUP_VIEWPORT, sleep } from './env';
import { BLANK_PAGE } from './extension';
import { findPageThread, recordTrace, type TimerFrame, timerFrames } from './trace';

export async function referenceTicks(
  env: Pick<BenchEnv, 'extensionId' | 'context'>,
  rows: number,
  windowMs: number,
): Promise<TimerFrame[]> {
  const page = await env.context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(extensionUrl(env, BLANK_PAGE));
    await page.evaluate((count) => {
      document.body.style.cssText = 'margin:0;font:13px system-ui,sans-serif;width:380px';
      const list = document.createElement('ul');
      list.style.cssText = 'list-style:none;margin:0;padding:0 12px';
      const clocks: Text[] = [];
      for (let i = 0; i < count; i++) {
        const row = document.createElement('li');
        row.style.cssText = 'padding:6px 0;border-bottom:1px solid #ddd';
        // No nested functions: tsx would wrap them in a helper the page does not have.
        const texts = [
          `${i + 1} × Diamond Sword`,
          `${(i * 1234).toLocaleString('en-US')} · ${i} each`,
          'Seller Steve · ends in ',
        ];
        const lines = texts.map((text) =>
          Object.assign(document.createElement('div'), { textContent: text }),
        );
        row.append(...lines);
        const clock = document.createTextNode('0:00');
        lines[2]?.append(clock);
        clocks.push(clock);
        list.append(row);
      }
      document.body.replaceChildren(list);
      let second = 0;
      setInterval(() => {
        second += 1;
        for (const [i, clock] of clocks.entries())
          clock.data = `${i % 60}:${String(second % 60).padStart(2, '0')}`;
      }, 1_000);
    }, rows);
    await sleep(1_000);
    const events = await recordTrace(env.context, page, () => sleep(windowMs));
    return timerFrames(events, findPageThread(events, `/${BLANK_PAGE}`));
  } finally {
    await page.close();
  }
}

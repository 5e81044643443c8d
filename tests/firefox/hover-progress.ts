import { DEMO_FIXTURE_UUIDS } from '../../demo/fixtures';
import { HISTORY_DB_NAME, STORES } from '../../utils/history/schema';
import { WATCH_STATUS_KEY } from '../../utils/storage-keys';
import { type SmokeTest, waitFor } from './harness';
import type { SmokeContext } from './smoke';

/**
 * The hover card's progress line in Firefox (issue 35), on the card the hover test left open:
 * a session and its snapshots recorded while it stays open (written from the options page, the
 * extension's own origin, as the background would write them) show in the card without another
 * hover. What it proves is Firefox's: the card UI, loaded into the content script, hears
 * `chrome.storage.onChanged` (entrypoints/hover-card/player-checked.ts) and its `hover-progress`
 * is answered. The counting itself is the Chromium e2e's (tests/e2e/hover-cards.spec.ts).
 */
export function hoverProgressTest(needs: string[]): SmokeTest<SmokeContext> {
  return {
    name: 'hover card: a session recorded while the card is open shows in its progress line',
    needs,
    async run(context) {
      const { options, forum } = context.tabs;
      if (!options || !forum) throw new Error('The options and forum tabs were not found by earlier tests');
      const uuid = DEMO_FIXTURE_UUIDS.steve;
      const before = await cardText(forum);
      if (/This session|Today/.test(before))
        throw new Error(`The card has a progress line already: "${before}"`);
      // Built here, not in the page: tsx names functions declared inside the callback (__name).
      const now = Date.now();
      const row = (minutesAgo: number, kills: number) => ({
        uuid,
        time: now - minutesAgo * 60_000,
        name: 'Steve',
        rankDisplay: '&c&lADMIN',
        balance: 100,
        shards: 1,
        kills,
        deaths: 3,
        playtimeHours: 10,
        statsMayLag: false,
      });
      // A check that saw Steve online since ten minutes ago: the card's signal to ask again.
      const status = {
        name: 'Steve',
        online: true,
        rankDisplay: '&c&lADMIN',
        checkedAt: now,
        onlineSince: now - 10 * 60_000,
      };
      await options.evaluate(
        async ({ rows, dbName, store, statuses }) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open(dbName);
            open.addEventListener('success', () => resolve(open.result));
            open.addEventListener('error', () => reject(open.error));
          });
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction(store, 'readwrite');
            for (const row of rows) tx.objectStore(store).put(row);
            tx.addEventListener('complete', () => resolve());
            tx.addEventListener('error', () => reject(tx.error));
          });
          db.close();
          type Local = { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
          await (globalThis as unknown as { browser: Local }).browser.storage.local.set(statuses);
        },
        {
          rows: [row(20, 40), row(1, 45)],
          dbName: HISTORY_DB_NAME,
          store: STORES.playerSnapshots,
          statuses: { [WATCH_STATUS_KEY]: { [uuid]: status } },
        },
      );
      let text = before;
      await waitFor(
        async () => {
          text = await cardText(forum);
          return /This session: \+5 kills, 10 min/.test(text) ? true : undefined;
        },
        () => `The open card's progress line did not follow: "${text}"`,
        { timeoutMs: 10_000 },
      );
    },
  };
}

/** The text of Steve's open card (in the card's shadow root), or '' when none. */
async function cardText(forum: NonNullable<SmokeContext['tabs']['forum']>): Promise<string> {
  for (const dialog of await forum.$$('>>> [role="dialog"]')) {
    const text = await dialog.evaluate((node) => (node as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    if (text.includes('Steve')) return text;
  }
  return '';
}

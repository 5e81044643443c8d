import assert from 'node:assert/strict';
import { buttonMatching, byRole, control } from './dom';
import type { ExtensionPageGlobals } from './extension-api';
import { type SmokeTest, waitFor } from './harness';
import type { SmokeContext } from './smoke';

/**
 * Remind me in Firefox (issue 34): on in the Auctions tab, kept in storage.local and listed under
 * Reminders, then removed from the list. The notification itself is the Chromium e2e's
 * (tests/e2e/reminders.spec.ts): Firefox's alarms are the same API.
 */
export function remindMeTest(needs: string[]): SmokeTest<SmokeContext> {
  return {
    name: 'popup: Remind me on an auction listing is kept, listed under Reminders, and removed',
    needs,
    async run(context) {
      const popup = context.tabs.popup;
      if (!popup) throw new Error('The popup tab was not found by an earlier test');
      await (await buttonMatching(popup, /^Auctions$/)).click();
      const field = await control(popup, 'Search auctions');
      await field.asLocator().fill('diamond');
      const remind = await buttonMatching(popup, /^Remind me before .+ by .+ ends$/);
      const name = await remind.evaluate((element) => element.getAttribute('aria-label') ?? '');
      assert.equal(await remind.evaluate((element) => element.getAttribute('aria-pressed')), 'false');
      await remind.click();
      await byRole(popup, 'heading', 'Reminders');
      const stored = await popup.evaluate(() => {
        type Local = { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
        return (
          (globalThis as unknown as ExtensionPageGlobals).browser as unknown as Local
        ).storage.local.get('reminders');
      });
      assert.equal((stored.reminders as unknown[] | undefined)?.length, 1, 'one reminder in storage.local');
      const pressed = await buttonMatching(
        popup,
        new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      assert.equal(await pressed.evaluate((element) => element.getAttribute('aria-pressed')), 'true');

      await (await buttonMatching(popup, /^Remove the reminder for .+ by .+$/)).click();
      await waitFor(
        async () =>
          (await popup.$('::-p-aria([role="heading"][name="Reminders"])')) === null ? true : undefined,
        () => 'the Reminders list is still shown after Remove',
        { timeoutMs: 10_000 },
      );
      // The popup remembers its tab: back to Player for the tests after this one.
      await (await buttonMatching(popup, /^Player$/)).click();
    },
  };
}

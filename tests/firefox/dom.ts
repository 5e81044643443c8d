/**
 * Finding things in a page as a user does (by label, role, name and visible text), with
 * errors that say what the page showed instead.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { waitFor } from './harness';

/** The form control a `<label>` with exactly this text (trimmed) labels; waits for it. */
export async function control(
  page: Page,
  label: string,
  timeoutMs = 10_000,
): Promise<ElementHandle<Element>> {
  return waitFor(
    async () => {
      const handle = await page.evaluateHandle((text) => {
        for (const element of document.querySelectorAll('label')) {
          if (element.textContent?.trim() === text && element.control) return element.control;
        }
        return null;
      }, label);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (element === null) await handle.dispose();
      return element;
    },
    () => `No control labelled "${label}"`,
    { timeoutMs },
  );
}

/** Clears the control labelled `label` and types `value` into it (real key events). */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const field = await control(page, label);
  await field.asLocator().fill(value);
}

/**
 * The element with this role and accessible name (ARIA query: text, aria-label or title), polled
 * on a timer: puppeteer's own wait for an ARIA selector polls on animation frames, which a tab
 * in the background does not get.
 */
export async function byRole(
  page: Page,
  role: string,
  name: string,
  timeoutMs = 10_000,
): Promise<ElementHandle<Element>> {
  return waitFor(
    () => page.$(`::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`),
    () => `No ${role} named "${name}"`,
    { timeoutMs },
  );
}

/** A button found by its accessible name (ARIA query, so text, aria-label or title). */
export async function button(page: Page, name: string, timeoutMs = 10_000): Promise<ElementHandle<Element>> {
  const handle = await byRole(page, 'button', name, timeoutMs).catch(() => null);
  if (handle === null) {
    throw new Error(
      `No button named "${name}"; buttons on the page: ${(await buttonNames(page)).join(' | ')}`,
    );
  }
  return handle;
}

async function buttonNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"]')].map(
      (element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
    ),
  );
}

/** The texts of every `role=status` element (live regions) on the page. */
export async function statusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="status"], output')].map((element) =>
      (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ),
  );
}

/** Waits until some `role=status` element's text matches. */
export async function waitForStatus(page: Page, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  let last: string[] = [];
  return waitFor(
    async () => {
      last = await statusTexts(page);
      return last.find((text) => pattern.test(text));
    },
    () => `No status matching ${pattern}; status messages: ${last.map((t) => `"${t}"`).join(', ') || 'none'}`,
    { timeoutMs },
  );
}

/** The page's visible text, whitespace collapsed, for assertions and error messages. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim());
}

/** Waits until the page's visible text contains `text`. */
export async function waitForText(page: Page, text: string, timeoutMs = 10_000): Promise<void> {
  let last = '';
  await waitFor(
    async () => {
      last = await visibleText(page);
      return last.includes(text);
    },
    () => `The page never showed "${text}"; it shows: "${last.slice(0, 400)}"`,
    { timeoutMs },
  );
}

/** The rendered text of an element, whitespace collapsed. */
export async function textOf(element: ElementHandle<Element>): Promise<string> {
  return element.evaluate((node) =>
    (node instanceof HTMLElement ? node.innerText : (node.textContent ?? '')).replace(/\s+/g, ' ').trim(),
  );
}

/** A button whose accessible text matches, inside `root` (an element or a page). */
export async function buttonMatching(
  root: Page | ElementHandle<Element>,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<ElementHandle<Element>> {
  let names: string[] = [];
  return waitFor(
    async () => {
      const buttons = await root.$$('button, [role="button"]');
      names = [];
      for (const candidate of buttons) {
        const name = await candidate.evaluate(
          (element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
        );
        names.push(name);
        if (pattern.test(name)) return candidate;
      }
      return undefined;
    },
    () => `No button matching ${pattern}; buttons: ${names.map((n) => `"${n}"`).join(', ') || 'none'}`,
    { timeoutMs },
  );
}

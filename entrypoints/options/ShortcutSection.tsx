import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

/** The commands that open the popup: `_execute_action` (MV3) or `_execute_browser_action` (Firefox MV2). */
const OPEN_POPUP_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

/** The shortcut the browser has assigned, '' when none, null while asking (or where it cannot say). */
async function assignedShortcut(): Promise<string | null> {
  const commands = (await browser.commands?.getAll?.()) ?? [];
  const open = commands.find((command) => OPEN_POPUP_COMMANDS.has(command.name ?? ''));
  return open === undefined ? null : (open.shortcut ?? '');
}

/** The keyboard shortcut that opens the popup: what it is now, and where each browser lets you change it. */
export function ShortcutSection() {
  const [shortcut, setShortcut] = useState<string | null>(null);
  useEffect(() => {
    assignedShortcut().then(setShortcut, () => setShortcut(null));
  }, []);

  return (
    <section class="options-section" aria-labelledby="shortcut-heading">
      <h2 id="shortcut-heading">Keyboard shortcut</h2>
      <p>
        {shortcut === null
          ? 'A keyboard shortcut can open Network Companion.'
          : shortcut === ''
            ? 'No keyboard shortcut opens Network Companion at the moment.'
            : `${shortcut} opens Network Companion.`}
      </p>
      <p class="hint">
        To change it, open chrome://extensions/shortcuts in Chrome, or in Firefox go to about:addons, choose
        the gear menu and then Manage Extension Shortcuts.
      </p>
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../utils/i18n/translate';
import { Hint } from './Hint';
import { OptionsSection } from './OptionsSection';

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
    <OptionsSection name="shortcut" heading={t('options.shortcut.heading')}>
      <p>
        {shortcut === null
          ? t('options.shortcut.unknown')
          : shortcut === ''
            ? t('options.shortcut.none')
            : t('options.shortcut.assigned', { shortcut })}
      </p>
      <Hint>{t('options.shortcut.howToChange')}</Hint>
    </OptionsSection>
  );
}

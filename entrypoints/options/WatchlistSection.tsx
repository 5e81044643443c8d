import { browser } from 'wxt/browser';
import { t } from '../../utils/i18n/translate';
import { CheckField } from './CheckField';
import { OptionsSection } from './OptionsSection';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

function notifyRefusedStatus() {
  return {
    tone: 'error',
    text: t('options.watchlist.notifyRefused'),
    detail: t('options.watchlist.notifyRefusedDetail'),
  } as const;
}

/**
 * Desktop notifications for the watchlist. The `notifications` permission is optional: it is
 * asked for when the box is ticked (in the click itself, as browsers require).
 */
export function WatchlistSection({ notifyWatchedOnline }: { notifyWatchedOnline: boolean }) {
  const [status, showStatus] = useFlashStatus();

  function change(checked: boolean, box: HTMLInputElement) {
    if (!checked) {
      saveSetting({ notifyWatchedOnline: false }, showStatus);
      return;
    }
    browser.permissions.request({ permissions: ['notifications'] }).then(
      (granted) => {
        if (granted) {
          saveSetting({ notifyWatchedOnline: true }, showStatus);
          return;
        }
        box.checked = false;
        showStatus(notifyRefusedStatus());
      },
      () => {
        box.checked = false;
        showStatus(notifyRefusedStatus());
      },
    );
  }

  return (
    <OptionsSection name="watchlist" heading={t('options.watchlist.heading')} status={status}>
      <CheckField
        id="notify-watched-online"
        label={t('options.watchlist.notifyLabel')}
        checked={notifyWatchedOnline}
        help={t('options.watchlist.notifyHelp')}
        onChange={change}
      />
    </OptionsSection>
  );
}

import { browser } from 'wxt/browser';
import { StatusMessage } from '../../components/StatusMessage';
import { t } from '../../utils/i18n/translate';
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
    <section class="options-section" aria-labelledby="watchlist-heading">
      <h2 id="watchlist-heading">{t('options.watchlist.heading')}</h2>
      <div class="field field--check">
        <input
          id="notify-watched-online"
          type="checkbox"
          checked={notifyWatchedOnline}
          aria-describedby="notify-watched-online-help"
          onChange={(event) => change(event.currentTarget.checked, event.currentTarget)}
        />
        <label for="notify-watched-online">{t('options.watchlist.notifyLabel')}</label>
      </div>
      <p id="notify-watched-online-help" class="hint">
        {t('options.watchlist.notifyHelp')}
      </p>
      <StatusMessage status={status} id="watchlist-status" />
    </section>
  );
}

import { browser } from 'wxt/browser';
import { StatusMessage } from '../../components/StatusMessage';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

export const NOTIFY_LABEL = 'Notify me when a watched player comes online';
export const NOTIFY_REFUSED = 'Notifications were not allowed, so none will be shown.';

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
        showStatus({ tone: 'error', text: NOTIFY_REFUSED, detail: 'Tick the box again to allow them.' });
      },
      () => {
        box.checked = false;
        showStatus({ tone: 'error', text: NOTIFY_REFUSED, detail: 'Tick the box again to allow them.' });
      },
    );
  }

  return (
    <section class="options-section" aria-labelledby="watchlist-heading">
      <h2 id="watchlist-heading">Watchlist</h2>
      <div class="field field--check">
        <input
          id="notify-watched-online"
          type="checkbox"
          checked={notifyWatchedOnline}
          aria-describedby="notify-watched-online-help"
          onChange={(event) => change(event.currentTarget.checked, event.currentTarget)}
        />
        <label for="notify-watched-online">{NOTIFY_LABEL}</label>
      </div>
      <p id="notify-watched-online-help" class="hint">
        One notification when a watched player is seen coming online; several at once are put together. Watch
        players with the Watch button on their card.
      </p>
      <StatusMessage status={status} id="watchlist-status" />
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { type HistorySize, historyStoreSize } from '../../utils/history/history-size';
import { historySizeText } from '../../utils/history/history-size-text';
import { pageHistoryStore } from '../../utils/history/page-history';
import { t } from '../../utils/i18n/translate';
import { Hint } from './Hint';
import { OptionsSection } from './OptionsSection';
import { useFlashStatus } from './use-flash-status';

type SizeState = { status: 'loading' } | { status: 'done'; size: HistorySize } | { status: 'failed' };

/**
 * What the extension remembers (online counts, watched players, prices; utils/history/),
 * how much room it takes, and a way to forget all of it. Reads the history database directly
 * (docs/architecture.md, "History"). Clearing asks first.
 */
export function HistorySection() {
  const [size, setSize] = useState<SizeState>({ status: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, showStatus] = useFlashStatus();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);

  const measure = () =>
    historyStoreSize(pageHistoryStore()).then(
      (next) => setSize({ status: 'done', size: next }),
      (error: unknown) => {
        console.warn('Network Companion: could not measure the history', error);
        setSize({ status: 'failed' });
      },
    );

  useEffect(() => {
    void measure();
  }, []);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    // Back where the user started.
    requestAnimationFrame(() => clearButton.current?.focus());
  };

  const clear = async () => {
    setBusy(true);
    try {
      await pageHistoryStore().clearAll();
      showStatus({
        tone: 'success',
        text: t('options.history.cleared'),
        detail: t('options.history.clearedDetail'),
      });
    } catch (error) {
      console.warn('Network Companion: could not clear the history', error);
      showStatus({
        tone: 'error',
        text: t('options.history.clearFailed'),
        detail: t('options.history.clearFailedDetail'),
      });
    } finally {
      setBusy(false);
      setConfirming(false);
      await measure();
      requestAnimationFrame(() => clearButton.current?.focus());
    }
  };

  return (
    <OptionsSection name="history" heading={t('options.history.heading')} status={status} folded>
      <Hint>{t('options.history.intro')}</Hint>
      <p id="history-size" aria-live="polite">
        {size.status === 'loading' && t('options.history.measuring')}
        {size.status === 'failed' && t('options.history.unreadable')}
        {size.status === 'done' && historySizeText(size.size)}
      </p>
      {confirming ? (
        <div class="notice">
          <p id="history-confirm-text">{t('options.history.confirm')}</p>
          <div class="actions">
            <button
              ref={confirmButton}
              type="button"
              class="button button--primary"
              aria-disabled={busy ? 'true' : undefined}
              onClick={() => !busy && void clear()}
            >
              {t('options.history.delete')}
            </button>
            <button type="button" class="button" onClick={cancel}>
              {t('options.history.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={clearButton}
          type="button"
          class="button"
          aria-describedby="history-size"
          onClick={() => setConfirming(true)}
        >
          {t('options.history.clear')}
        </button>
      )}
    </OptionsSection>
  );
}

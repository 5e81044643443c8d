import { useCountdown } from '../hooks/use-countdown';
import type { ApiError } from '../utils/api/errors';
import { describeError } from '../utils/error-text';
import { t } from '../utils/i18n/translate';

export interface ErrorNoticeProps {
  error: ApiError;
  /** What was being fetched, for describeError ("the auction house"). */
  subject?: string;
  /** When the error arrived (ms epoch): a rate-limit wait counts down from here. */
  receivedAt: number;
  /** Shows a Retry button for errors where trying again can help. */
  onRetry?: () => void;
  /** Shows an "Open options" button for key and setup errors. */
  onOpenOptions?: () => void;
  /** Extra class names. */
  class?: string;
}

/**
 * One error in plain words (describeError) with what to do next. A rate-limit error counts
 * its wait down live ("Too many requests, try again in 12 s.") and offers Retry only once the
 * wait is over. Screen readers hear the sentence when it appears, not every second after.
 */
export function ErrorNotice({
  error,
  subject,
  receivedAt,
  onRetry,
  onOpenOptions,
  class: className,
}: ErrorNoticeProps) {
  const wait = error.kind === 'rate-limited' ? error.retryAfterSeconds : 0;
  const left = useCountdown(wait, receivedAt);
  const text = describeError(error, subject);
  const needsOptions = error.kind === 'unauthorized' || error.kind === 'not-configured';
  const waiting = error.kind === 'rate-limited' && left > 0;
  return (
    <div class={className ? `error-notice ${className}` : 'error-notice'} role="alert" data-kind={error.kind}>
      <p class="error-notice__message">
        {error.kind === 'rate-limited' ? (
          // The alert is announced once when it appears; the countdown ticking inside it is not.
          <span aria-live="off">
            {waiting
              ? describeError({ kind: 'rate-limited', retryAfterSeconds: left }, subject).message
              : t('card.error.rateLimitOver')}
          </span>
        ) : (
          text.message
        )}
      </p>
      {text.action && <p class="error-notice__action">{text.action}</p>}
      {(needsOptions && onOpenOptions) || (text.retryable && onRetry && !waiting) ? (
        <p class="error-notice__buttons">
          {needsOptions && onOpenOptions && (
            <button type="button" onClick={onOpenOptions}>
              {t('card.error.openOptions')}
            </button>
          )}
          {text.retryable && onRetry && !waiting && (
            <button type="button" onClick={onRetry}>
              {t('card.error.retry')}
            </button>
          )}
        </p>
      ) : null}
    </div>
  );
}

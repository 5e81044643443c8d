/**
 * What the options page says after checking the API base URL and key against /api/health.
 * Its own headlines for the common outcomes ("Connected", "Invalid API key", "Can't reach the
 * server") and the shared sentences of `describeError` for everything else.
 */
import type { Status } from '../../components/StatusMessage';
import type { ApiError } from '../../utils/api/errors';
import { describeError } from '../../utils/error-text';
import { t } from '../../utils/i18n/translate';

export function checkingStatus(): Status {
  return {
    tone: 'busy',
    text: t('options.connection.checking'),
    detail: t('options.connection.checkingDetail'),
  };
}

export function connectedStatus(host: string): Status {
  return {
    tone: 'success',
    text: t('options.connection.connected'),
    detail: t('options.connection.connectedDetail', { host }),
  };
}

export function accessNeededStatus(origin: string): Status {
  return {
    tone: 'error',
    text: t('options.connection.accessNeeded', { origin }),
    detail: t('options.connection.accessNeededDetail'),
  };
}

/** The background did not answer the page (or answered nonsense): nothing reached the server. */
export function backgroundSilentStatus(): Status {
  return {
    tone: 'error',
    text: t('options.connection.backgroundSilent'),
    detail: t('options.connection.backgroundSilentDetail'),
  };
}

export function tryAgainNowStatus(): Status {
  return {
    tone: 'info',
    text: t('options.connection.tryAgainNow'),
    detail: t('options.connection.tryAgainNowDetail'),
  };
}

/**
 * The rate-limited sentence with the seconds left. The view counts them down once a second;
 * `spoken` stays the first sentence so screen readers hear it once, not every second.
 */
export function rateLimitedStatus(secondsLeft: number, firstSeconds = secondsLeft): Status {
  const sentence = (seconds: number) =>
    describeError({ kind: 'rate-limited', retryAfterSeconds: seconds }).message;
  const detail = t('options.connection.rateLimitedDetail');
  return {
    tone: 'error',
    text: sentence(secondsLeft),
    detail,
    spoken: `${sentence(firstSeconds)} ${detail}`,
  };
}

export function connectionErrorStatus(error: ApiError): Status {
  switch (error.kind) {
    case 'unauthorized':
      return {
        tone: 'error',
        text: t('options.connection.invalidKey'),
        detail: t('options.connection.invalidKeyDetail'),
      };
    case 'offline':
      return {
        tone: 'error',
        text: t('options.connection.unreachable'),
        detail: t('options.connection.offlineDetail'),
      };
    case 'timeout':
      return {
        tone: 'error',
        text: t('options.connection.unreachable'),
        detail: t('options.connection.timeoutDetail'),
      };
    case 'rate-limited':
      return rateLimitedStatus(error.retryAfterSeconds);
    case 'no-background':
      return backgroundSilentStatus();
    case 'not-configured':
      return {
        tone: 'error',
        text: t('options.connection.notConfigured'),
        detail: t('options.connection.notConfiguredDetail'),
      };
    case 'bad-response':
      return {
        tone: 'error',
        text: describeError(error).message,
        detail: t('options.connection.badResponseDetail'),
      };
    case 'unavailable':
      // Named here rather than through describeError's subject: the whole sentence is ours.
      return {
        tone: 'error',
        text: t('options.connection.unavailable'),
        detail: t('options.connection.unavailableDetail'),
      };
    default: {
      const { message, action } = describeError(error);
      return action === undefined
        ? { tone: 'error', text: message }
        : { tone: 'error', text: message, detail: action };
    }
  }
}

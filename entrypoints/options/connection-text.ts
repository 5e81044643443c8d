/**
 * What the options page says after checking the server address and key against /api/health.
 * Its own headlines for the common outcomes ("Connected", "Invalid API key", "Can't reach the
 * server") and the shared sentences of `describeError` for everything else.
 */
import type { Status } from '../../components/StatusMessage';
import type { ApiError } from '../../utils/api/errors';
import { describeError } from '../../utils/error-text';
import { t } from '../../utils/i18n/translate';
import type { Reply } from '../../utils/messages';

/** A failure: its headline and what it means or what to do next. */
function errorStatus(text: string, detail: string): Status {
  return { tone: 'error', text, detail };
}

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

/** Nothing saved yet: the first run. */
export function notConnectedStatus(): Status {
  return {
    tone: 'info',
    text: t('options.connection.notConnected'),
    detail: t('options.connection.notConnectedDetail'),
  };
}

export function accessNeededStatus(origin: string): Status {
  return errorStatus(
    t('options.connection.accessNeeded', { origin }),
    t('options.connection.accessNeededDetail'),
  );
}

/** The background did not answer the page (or answered nonsense): nothing reached the server. */
export function backgroundSilentStatus(): Status {
  return errorStatus(
    t('options.connection.backgroundSilent'),
    t('options.connection.backgroundSilentDetail'),
  );
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
      return errorStatus(t('options.connection.invalidKey'), t('options.connection.invalidKeyDetail'));
    case 'offline':
      return errorStatus(t('options.connection.unreachable'), t('options.connection.offlineDetail'));
    case 'timeout':
      return errorStatus(t('options.connection.unreachable'), t('options.connection.timeoutDetail'));
    case 'rate-limited':
      return rateLimitedStatus(error.retryAfterSeconds);
    case 'no-background':
      return backgroundSilentStatus();
    case 'not-configured':
      return errorStatus(t('options.connection.notConfigured'), t('options.connection.notConfiguredDetail'));
    case 'bad-response':
      return errorStatus(describeError(error).message, t('options.connection.badResponseDetail'));
    case 'unavailable':
      // Named here rather than through describeError's subject: the whole sentence is ours.
      return errorStatus(t('options.connection.unavailable'), t('options.connection.unavailableDetail'));
    default: {
      const { message, action } = describeError(error);
      return action === undefined
        ? { tone: 'error', text: message }
        : { tone: 'error', text: message, detail: action };
    }
  }
}

/** The server's own trouble: the address and key may well be right, the check just could not tell. */
const SERVER_TROUBLE: ReadonlySet<ApiError['kind']> = new Set([
  'rate-limited',
  'unavailable',
  'offline',
  'timeout',
  'no-background',
]);

/**
 * Whether the settings after the connection are worth showing after a check: a check that
 * worked opens them, one that says the address or the key is wrong closes them, and the
 * server's own trouble (down, slow, rate limited) leaves them as they were, so a server that
 * is down for a while does not lock a returning user out of the badge or the forum sites.
 */
export function settingsUsableAfter(reply: Reply<unknown>, before: boolean): boolean {
  if (reply.ok) return true;
  return SERVER_TROUBLE.has(reply.error.kind) ? before : false;
}

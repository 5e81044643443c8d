/**
 * What the options page says after checking the API base URL and key against /api/health.
 * Its own headlines for the common outcomes ("Connected", "Invalid API key", "Can't reach the
 * server") and the shared sentences of `describeError` for everything else.
 */
import type { Status } from '../../components/StatusMessage';
import type { ApiError } from '../../utils/api/errors';
import { describeError } from '../../utils/error-text';

export const CHECKING_STATUS: Status = { tone: 'busy', text: 'Checking…', detail: 'Asking the API server.' };

export function connectedStatus(host: string): Status {
  return { tone: 'success', text: 'Connected', detail: `The API at ${host} accepted your key.` };
}

export function accessNeededStatus(origin: string): Status {
  return {
    tone: 'error',
    text: `The extension needs access to ${origin} to talk to the API.`,
    detail: 'Try again and choose Allow when the browser asks.',
  };
}

/** The background did not answer the page (or answered nonsense): nothing reached the server. */
export const BACKGROUND_SILENT_STATUS: Status = {
  tone: 'error',
  text: "The extension's background did not answer.",
  detail: 'Reload this page; if it keeps happening, restart the browser.',
};

export const TRY_AGAIN_NOW_STATUS: Status = {
  tone: 'info',
  text: 'You can try again now.',
  detail: 'Click Save to check the connection again.',
};

/**
 * The rate-limited sentence with the seconds left. The view counts them down once a second;
 * `spoken` stays the first sentence so screen readers hear it once, not every second.
 */
export function rateLimitedStatus(secondsLeft: number, firstSeconds = secondsLeft): Status {
  const sentence = (seconds: number) =>
    describeError({ kind: 'rate-limited', retryAfterSeconds: seconds }).message;
  const detail = 'Your settings are saved; only the check has to wait.';
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
        text: 'Invalid API key',
        detail:
          'The server did not accept this key. Check that you pasted all of it, or get a new one in game.',
      };
    case 'offline':
      return {
        tone: 'error',
        text: "Can't reach the server",
        detail: 'Check the API base URL and your internet connection.',
      };
    case 'timeout':
      return {
        tone: 'error',
        text: "Can't reach the server",
        detail: 'It took too long to answer. Check the API base URL, or try again in a moment.',
      };
    case 'rate-limited':
      return rateLimitedStatus(error.retryAfterSeconds);
    case 'no-background':
      return BACKGROUND_SILENT_STATUS;
    case 'not-configured':
      return {
        tone: 'error',
        text: 'Set your API key first.',
        detail: 'Paste the key you got in game above, then click Save.',
      };
    case 'bad-response':
      return {
        tone: 'error',
        text: describeError(error, 'the API').message,
        detail: 'Check that the API base URL is the address of the statistics API.',
      };
    default: {
      const { message, action } = describeError(error, 'the API');
      return action === undefined
        ? { tone: 'error', text: message }
        : { tone: 'error', text: message, detail: action };
    }
  }
}

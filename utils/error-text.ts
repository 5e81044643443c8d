import type { ApiError } from './api/errors';
import { type MessageKey, t } from './i18n/translate';

/**
 * One sentence per error kind, so the popup, the options page and the hover card speak with
 * one voice, in the UI language (the catalogue's `errors` section, locales/). `subject` names
 * what was being fetched ("the auction house", "the leaderboard"): one of ERROR_SUBJECTS.
 */
export interface ErrorText {
  /** What happened, in one plain sentence. */
  message: string;
  /** What the user can do about it, when there is something to do. */
  action?: string;
  /** Whether trying again soon can help (shows a Retry button). */
  retryable: boolean;
}

/** What was being fetched, for "… is unavailable right now": the words are the catalogue's. */
export const ERROR_SUBJECTS = {
  'the server': 'errors.unavailable.server',
  'the API': 'errors.unavailable.api',
  'the auction house': 'errors.unavailable.auctionHouse',
  'the leaderboard': 'errors.unavailable.leaderboard',
  'the player service': 'errors.unavailable.playerService',
} as const satisfies Record<string, MessageKey>;

export type ErrorSubject = keyof typeof ERROR_SUBJECTS;

function unavailableKey(subject: string): MessageKey {
  return Object.hasOwn(ERROR_SUBJECTS, subject)
    ? ERROR_SUBJECTS[subject as ErrorSubject]
    : ERROR_SUBJECTS['the server'];
}

/** `subject`: an ErrorSubject; any other text counts as "the server". */
export function describeError(
  error: ApiError,
  subject: ErrorSubject | (string & {}) = 'the server',
): ErrorText {
  switch (error.kind) {
    case 'unauthorized':
      return { message: t('errors.invalidKey'), action: t('errors.invalidKeyAction'), retryable: false };
    case 'not-found':
      return {
        message: t('errors.notFound', { name: error.identifier }),
        action: t('errors.notFoundAction'),
        retryable: false,
      };
    case 'bad-request':
      return { message: t('errors.badRequest', { reason: error.message }), retryable: false };
    case 'rate-limited':
      return {
        message: t('errors.rateLimited', {
          seconds: String(Math.max(1, Math.ceil(error.retryAfterSeconds))),
        }),
        retryable: true,
      };
    case 'unavailable':
      return { message: t(unavailableKey(subject)), action: t('errors.unavailableAction'), retryable: true };
    case 'offline':
      return { message: t('errors.offline'), action: t('errors.offlineAction'), retryable: true };
    case 'timeout':
      return { message: t('errors.timeout'), action: t('errors.timeoutAction'), retryable: true };
    case 'no-background':
      // Stopped or restarted mid-request: the extension, not the server.
      return { message: t('errors.noBackground'), action: t('errors.noBackgroundAction'), retryable: true };
    case 'bad-response':
      return { message: t('errors.badResponse'), action: t('errors.badResponseAction'), retryable: true };
    case 'not-configured':
      return {
        message: t('errors.notConfigured'),
        action: t('errors.notConfiguredAction'),
        retryable: false,
      };
    case 'invalid-input':
      return { message: error.message, retryable: false };
  }
}

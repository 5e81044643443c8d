import { formatRelativeTime } from './format';
import { type MessageKey, t } from './i18n/translate';
import type { EntryFailure, EntryFailureKind } from './scheduler/entry-failures';

/**
 * What the watchlist tab and Options say of a watched player or a saved search whose checks keep
 * failing (utils/scheduler/entry-failures.ts): whose, why in plain words (one per error kind of
 * the error vocabulary, utils/api/errors.ts), when it was last tried and when it is tried next,
 * and what to do. In the UI language (the catalogue's `common.failing`).
 */

const WHY: Readonly<Record<EntryFailureKind, MessageKey>> = {
  unavailable: 'common.failing.why.unavailable',
  timeout: 'common.failing.why.timeout',
  'bad-response': 'common.failing.why.badResponse',
  'not-found': 'common.failing.why.notFound',
  'bad-request': 'common.failing.why.badRequest',
  'invalid-input': 'common.failing.why.invalidInput',
};

export type FailingSubject = { kind: 'player'; name: string } | { kind: 'search'; text: string };

/** What to do: wait for a failure that may pass, update for an unreadable answer, edit or remove for a refusal. */
function actionKey(subject: FailingSubject, kind: EntryFailureKind): MessageKey {
  if (kind === 'unavailable' || kind === 'timeout') return 'common.failing.action.wait';
  if (kind === 'bad-response') return 'common.failing.action.update';
  return subject.kind === 'player' ? 'common.failing.action.player' : 'common.failing.action.search';
}

export function failingCheckText(
  subject: FailingSubject,
  failure: EntryFailure,
  now: number,
): { message: string; action: string } {
  const name =
    subject.kind === 'player' ? subject.name : t('common.failing.searchName', { text: subject.text });
  const why = t(WHY[failure.failure]);
  // A try in the past (or one a clock set back cannot place) is the stream's next turn.
  const tried = formatRelativeTime(Math.min(failure.triedAt, now), now);
  const message =
    failure.retryAt > now
      ? t('common.failing.message', { name, why, tried, next: formatRelativeTime(failure.retryAt, now) })
      : t('common.failing.messageDue', { name, why, tried });
  return { message, action: t(actionKey(subject, failure.failure)) };
}

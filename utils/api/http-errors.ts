import { t } from '../i18n/translate';
import type { ApiError } from './errors';
import { parseRetryAfter } from './retry-after';
import { ErrorBodySchema } from './schemas';
import { shortText } from './short-text';

/** Error bodies longer than this are not parsed: the `{ error }` bodies of docs/api-spec.md §7 are short. */
const MAX_ERROR_BODY_TO_PARSE = 16_384;

/** A 4xx without a message of the server's own, in the UI language. */
export function genericBadRequestMessage(): string {
  return t('errors.badRequestGeneric');
}

export type HttpErrorContext = {
  /** The player asked for; only the player endpoint sets it, so only it can be not-found. */
  identifier?: string;
  nowMs: number;
};

/** The server's own `{ "error": "…" }` message, if the body is that and says something. */
function serverErrorMessage(bodyText: string): string | undefined {
  if (bodyText.length > MAX_ERROR_BODY_TO_PARSE) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return undefined;
  const message = shortText(parsed.data.error);
  return message === '' ? undefined : message;
}

/**
 * The ONE place an HTTP failure becomes the error vocabulary. Never throws, whatever the
 * body holds (HTML, nothing, megabytes).
 */
export function mapHttpError(
  status: number,
  headers: Headers,
  bodyText: string,
  context: HttpErrorContext,
): ApiError {
  if (status >= 300 && status < 400) return { kind: 'bad-response', detail: 'redirected' };
  switch (status) {
    case 400:
      return { kind: 'bad-request', message: serverErrorMessage(bodyText) ?? genericBadRequestMessage() };
    case 401:
    case 403:
      return { kind: 'unauthorized' };
    case 404:
      return context.identifier === undefined
        ? { kind: 'bad-response', detail: 'HTTP 404' }
        : { kind: 'not-found', identifier: context.identifier };
    case 429:
      return {
        kind: 'rate-limited',
        retryAfterSeconds: parseRetryAfter(headers.get('Retry-After'), context.nowMs),
      };
  }
  if (status >= 500 && status < 600) return { kind: 'unavailable' };
  return { kind: 'bad-response', detail: `HTTP ${status}` };
}

import { t } from '../i18n/translate';
import { SENDABLE_KEY_PATTERN } from '../patterns';

/**
 * What makes an API key usable, and what to say when it is not: one rule for the options page,
 * the background that stores the key and the client that sends it. Its own module so the
 * options page gets the words without the client's code.
 */

/** "Paste the API key you got in game." in the UI language. */
export function noKeyMessage(): string {
  return t('errors.apiKey.missing');
}

/** "The API key can only hold letters, digits and punctuation." in the UI language. */
export function badKeyMessage(): string {
  return t('errors.apiKey.bad');
}

/** Why `key` (trimmed) cannot be sent to the API, or undefined when it can. */
export function apiKeyProblem(key: string): string | undefined {
  if (key === '') return noKeyMessage();
  return SENDABLE_KEY_PATTERN.test(key) ? undefined : badKeyMessage();
}

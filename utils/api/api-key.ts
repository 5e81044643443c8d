import { SENDABLE_KEY_PATTERN } from '../patterns';

/**
 * What makes an API key usable, and what to say when it is not: one rule for the options page,
 * the background that stores the key and the client that sends it. Its own module so the
 * options page gets the words without the client's code.
 */

export const NO_KEY_MESSAGE = 'Paste the API key you got in game.';
export const BAD_KEY_MESSAGE = 'The API key can only hold letters, digits and punctuation.';

/** Why `key` (trimmed) cannot be sent to the API, or undefined when it can. */
export function apiKeyProblem(key: string): string | undefined {
  if (key === '') return NO_KEY_MESSAGE;
  return SENDABLE_KEY_PATTERN.test(key) ? undefined : BAD_KEY_MESSAGE;
}

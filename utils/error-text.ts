import type { ApiError } from './api/errors';

/**
 * One sentence per error kind, so the popup, the options page and the hover card speak with
 * one voice. `subject` names what was being fetched ("the auction house", "the leaderboard").
 */
export interface ErrorText {
  /** What happened, in one plain sentence. */
  message: string;
  /** What the user can do about it, when there is something to do. */
  action?: string;
  /** Whether trying again soon can help (shows a Retry button). */
  retryable: boolean;
}

export function describeError(error: ApiError, subject = 'the server'): ErrorText {
  switch (error.kind) {
    case 'unauthorized':
      return {
        message: 'Invalid API key.',
        action: 'Get a new key in game and paste it in the options.',
        retryable: false,
      };
    case 'not-found':
      return {
        message: `No player named ${error.identifier} has joined the network.`,
        action: 'Check the spelling, or try their UUID.',
        retryable: false,
      };
    case 'bad-request':
      return { message: `The server refused the request: ${error.message}`, retryable: false };
    case 'rate-limited':
      return {
        message: `Too many requests, try again in ${Math.max(1, Math.ceil(error.retryAfterSeconds))} s.`,
        retryable: true,
      };
    case 'unavailable':
      return {
        message: `${capitalise(subject)} is unavailable right now.`,
        action: 'Try again in a minute.',
        retryable: true,
      };
    case 'offline':
      return {
        message: "Can't reach the server.",
        action: 'Check your connection and the API base URL in the options.',
        retryable: true,
      };
    case 'timeout':
      return {
        message: 'The server took too long to answer.',
        action: 'Try again in a moment.',
        retryable: true,
      };
    case 'no-background':
      // Stopped or restarted mid-request: the extension, not the server.
      return {
        message: "The extension's background stopped before it answered.",
        action: 'Try again.',
        retryable: true,
      };
    case 'bad-response':
      return {
        message: 'The server sent an answer the extension could not read.',
        action: 'Try again later; if it keeps happening the API may have changed.',
        retryable: true,
      };
    case 'not-configured':
      return {
        message: 'Set your API key first.',
        action: 'Open the options and paste the key you got in game.',
        retryable: false,
      };
    case 'invalid-input':
      return { message: error.message, retryable: false };
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one error vocabulary of the extension (docs/architecture.md). Everything that can go
 * wrong between a view and the game API ends up as exactly one of these kinds, mapped once
 * from HTTP in `client.ts`; views and the badge turn each kind into words or a marker.
 */
export type ApiError =
  | { kind: 'unauthorized' }
  | { kind: 'not-found'; identifier: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'unavailable' }
  | { kind: 'offline' }
  | { kind: 'timeout' }
  | { kind: 'bad-response'; detail: string }
  /** Not from HTTP: no API key or no base URL is set yet, so nothing was sent. */
  | { kind: 'not-configured' }
  /** Not from HTTP: the request was refused before it was sent (bad name, bad URL). */
  | { kind: 'invalid-input'; message: string }
  /** Not from the API: the extension's background did not answer a view, or answered nonsense. */
  | { kind: 'no-background' };

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = <T = never>(error: ApiError): Result<T> => ({ ok: false, error });

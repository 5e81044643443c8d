/**
 * One GET with a deadline, and nothing else: no error vocabulary, no schemas. The deadline
 * covers reading the body too. Built on a plain AbortController (no AbortSignal.any or
 * AbortSignal.timeout: Firefox 115 lacks the first).
 */

export type RequestOptions = { signal?: AbortSignal };

export type SendResult =
  | { kind: 'response'; response: Response; text: string }
  | { kind: 'redirected' }
  | { kind: 'timeout' }
  | { kind: 'offline' };

export type SendConfig = {
  fetch: typeof fetch;
  headers: Record<string, string>;
  timeoutMs: number;
};

/** The abort reason, or a standard AbortError for browsers that do not record one. */
function abortReason(signal: AbortSignal): unknown {
  // i18n-ignore: the platform's own AbortError text, read by code (errors.ts maps it), never shown
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (even if `promise` ignores it). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The body as text; an unreadable error body counts as empty (the status says enough). */
async function readErrorBody(response: Response, signal: AbortSignal): Promise<string> {
  try {
    return await untilAborted(response.text(), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return '';
  }
}

/**
 * GET `url`. Resolves with the response and its body text, `timeout` after `timeoutMs`,
 * `offline` when the network fails, `redirected` for an opaque redirect (fetch is made with
 * `redirect: 'manual'` so the API key never follows a redirect). Rejects with the caller's
 * abort reason when the caller's signal aborts, before or during the request.
 */
export async function sendRequest(
  url: string,
  config: SendConfig,
  options: RequestOptions = {},
): Promise<SendResult> {
  const callerSignal = options.signal;
  if (callerSignal?.aborted) throw abortReason(callerSignal);

  const controller = new AbortController();
  let cause: 'timeout' | 'caller' | undefined;
  const timer = setTimeout(() => {
    cause ??= 'timeout';
    // i18n-ignore: read by code (mapped to the timeout kind), never shown
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, config.timeoutMs);
  const onCallerAbort = () => {
    cause ??= 'caller';
    if (callerSignal) controller.abort(abortReason(callerSignal));
  };
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await untilAborted(
      config.fetch(url, {
        method: 'GET',
        headers: config.headers,
        credentials: 'omit',
        redirect: 'manual',
        cache: 'no-store',
        signal: controller.signal,
      }),
      controller.signal,
    );
    if (response.type === 'opaqueredirect') return { kind: 'redirected' };
    const text = response.ok
      ? await untilAborted(response.text(), controller.signal)
      : await readErrorBody(response, controller.signal);
    return { kind: 'response', response, text };
  } catch {
    if (cause === 'caller' && callerSignal) throw abortReason(callerSignal);
    if (cause === 'timeout') return { kind: 'timeout' };
    // fetch rejects with a TypeError on network failure; anything else thrown by a fetch
    // implementation or a body stream is no more useful to a view, so it reads the same.
    return { kind: 'offline' };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

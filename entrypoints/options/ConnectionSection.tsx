import type { TargetedClipboardEvent, TargetedEvent } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type Status, StatusMessage } from '../../components/StatusMessage';
import { useCountdown } from '../../hooks/use-countdown';
import { noKeyMessage } from '../../utils/api/api-key';
import { isLoopback, parseBaseUrl } from '../../utils/api/base-url';
import { askBackground } from '../../utils/ask-background';
import { t } from '../../utils/i18n/translate';
import type { Reply } from '../../utils/messages';
import {
  accessNeededStatus,
  backgroundSilentStatus,
  checkingStatus,
  connectedStatus,
  connectionErrorStatus,
  notConnectedStatus,
  rateLimitedStatus,
  settingsUsableAfter,
  tryAgainNowStatus,
} from './connection-text';
import { FieldError } from './FieldError';
import { Hint } from './Hint';
import { hasHostPermission, requestHostPermission, watchHostPermissions } from './host-permissions';
import { NextStep } from './NextStep';
import { OptionsSection } from './OptionsSection';
import { TextField } from './TextField';

/** The key field's placeholder once a key is saved. */
export function savedKeyPlaceholder(): string {
  return t('options.connection.savedKeyPlaceholder');
}

/** Where the origin goes in the "not allowed" sentence (a character no translation contains). */
const ORIGIN_MARK = '\u0001';

/** The API origin that still has to be allowed, or null. */
type AccessNotice = string | null;

export interface ConnectionSectionProps {
  /**
   * Whether the settings after the connection are of use yet (App.tsx hides them until they
   * are): false on a first run, true once a check works (settingsUsableAfter says when else).
   */
  onUsable?: (usable: boolean) => void;
}

/**
 * The server address and key. The page never reads the key: it only learns whether one is
 * saved (`connection-status`) and hands a new one to the background (`save-connection`).
 * Opened again with both saved, it checks them (`check-connection`, one request the user
 * asked for by opening the page), so the status it shows is the connection's, not a blank.
 */
export function ConnectionSection({ onUsable }: ConnectionSectionProps = {}) {
  const [loading, setLoading] = useState(true);
  const [baseUrl, setBaseUrl] = useState('');
  /** The base URL the background has (the field may hold an unsaved edit). */
  const [savedBaseUrl, setSavedBaseUrl] = useState('');
  const [hasKey, setHasKey] = useState(false);
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  /** A rate-limited check: while set, its countdown is the status. */
  const [retry, setRetry] = useState<{ seconds: number; startedAt: number } | null>(null);
  const retryLeft = useCountdown(retry?.seconds ?? 0, retry?.startedAt ?? 0);
  const [needsAccess, setNeedsAccess] = useState<AccessNotice>(null);
  /** A save (or access allowed) on this page just worked: the next step shows. A reopened page only says Connected. */
  const [justConnected, setJustConnected] = useState(false);
  const usable = useRef(false);
  const onUsableRef = useRef(onUsable);
  onUsableRef.current = onUsable;
  const urlInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);

  const setUsable = useCallback((next: boolean) => {
    usable.current = next;
    onUsableRef.current?.(next);
  }, []);

  /** Whether the saved address may be reached (null: nothing usable saved). */
  const checkAccess = useCallback(async (savedBaseUrl: string): Promise<boolean | null> => {
    const parsed = parseBaseUrl(savedBaseUrl);
    if (!parsed.ok) {
      setNeedsAccess(null);
      return null;
    }
    const granted = await hasHostPermission(parsed.origin);
    setNeedsAccess(granted === false ? parsed.origin : null);
    return granted !== false;
  }, []);

  const refreshConnection = useCallback(async (): Promise<boolean> => {
    try {
      const current = await askBackground({ type: 'connection-status' });
      setHasKey(current.hasKey);
      setSavedBaseUrl(current.baseUrl);
      await checkAccess(current.baseUrl);
      return true;
    } catch {
      return false;
    }
  }, [checkAccess]);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const current = await askBackground({ type: 'connection-status' });
        if (!live) return;
        setBaseUrl(current.baseUrl);
        setSavedBaseUrl(current.baseUrl);
        setHasKey(current.hasKey);
        setLoading(false);
        const reachable = await checkAccess(current.baseUrl);
        if (!live) return;
        if (!current.hasKey || reachable === null) {
          setUsable(false);
          return show(notConnectedStatus());
        }
        if (!reachable) return setUsable(false);
        // Saved before: the settings show at once while the check runs.
        setUsable(true);
        show(checkingStatus());
        const reply = await askBackground({ type: 'check-connection' });
        if (live) showReply(reply, new URL(current.baseUrl).host, false);
      } catch {
        if (!live) return;
        setLoading(false);
        setUsable(true);
        show(backgroundSilentStatus());
      }
    })();
    return () => {
      live = false;
    };
  }, [checkAccess]);

  // Site access can change in the browser's own settings while this page is open.
  useEffect(() => {
    if (savedBaseUrl === '') return;
    return watchHostPermissions(() => void checkAccess(savedBaseUrl));
  }, [savedBaseUrl, checkAccess]);

  /** Any status but a countdown (which replaces whatever was shown). */
  function show(next: Status) {
    setRetry(null);
    setStatus(next);
  }

  function showReply(reply: Reply<unknown>, host: string, byUser = true) {
    setJustConnected(reply.ok && byUser);
    setUsable(settingsUsableAfter(reply, usable.current));
    if (reply.ok) show(connectedStatus(host));
    else if (reply.error.kind === 'rate-limited') {
      const seconds = Math.max(1, Math.ceil(reply.error.retryAfterSeconds));
      setRetry({ seconds, startedAt: Date.now() });
    } else show(connectionErrorStatus(reply.error));
  }

  const shownStatus =
    retry === null
      ? status
      : retryLeft > 0
        ? rateLimitedStatus(retryLeft, retry.seconds)
        : tryAgainNowStatus();

  function startBusy(): boolean {
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    return true;
  }

  function endBusy() {
    busyRef.current = false;
    setBusy(false);
  }

  async function save(event: TargetedEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current || loading) return;
    const parsed = parseBaseUrl(baseUrl);
    const key = apiKey.trim();
    const keyMissing = key === '' && !hasKey;
    setUrlError(parsed.ok ? null : parsed.message);
    setKeyError(keyMissing ? noKeyMessage() : null);
    if (!parsed.ok) return urlInput.current?.focus();
    if (keyMissing) return keyInput.current?.focus();

    // The permission prompt needs the click's user gesture: ask before any other await.
    const permission = requestHostPermission(parsed.origin);
    startBusy();
    show({ tone: 'busy', text: t('options.askingAccess', { site: parsed.origin }) });
    try {
      if (!(await permission)) {
        setJustConnected(false);
        show(accessNeededStatus(parsed.origin));
        return;
      }
      setNeedsAccess(null);
      setBaseUrl(parsed.root);
      show(checkingStatus());
      const reply = await askBackground({
        type: 'save-connection',
        baseUrl: parsed.root,
        ...(key === '' ? {} : { apiKey: key }),
      });
      showReply(reply, new URL(parsed.origin).host);
      if (reply.ok) {
        setApiKey('');
        setShowKey(false);
      }
      if (!(await refreshConnection()) && key !== '') setHasKey(true);
    } catch {
      show(backgroundSilentStatus());
    } finally {
      endBusy();
    }
  }

  async function allowAccess(origin: string) {
    // Straight from the click: the request must be sent within the user gesture.
    const permission = requestHostPermission(origin);
    if (!startBusy()) return;
    try {
      if (!(await permission)) {
        show(accessNeededStatus(origin));
        return;
      }
      setNeedsAccess(null);
      show(checkingStatus());
      showReply(await askBackground({ type: 'check-connection' }), new URL(origin).host);
    } catch {
      show(backgroundSilentStatus());
    } finally {
      endBusy();
    }
  }

  function pasteKey(event: TargetedClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData?.getData('text/plain') ?? event.clipboardData?.getData('text');
    if (pasted === undefined || pasted === pasted.trim()) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const trimmed = pasted.trim();
    const next = input.value.slice(0, start) + trimmed + input.value.slice(end);
    input.value = next;
    input.setSelectionRange(start + trimmed.length, start + trimmed.length);
    setApiKey(next);
    setKeyError(null);
  }

  const keyDescribedBy = ['api-key-where', 'api-key-storage', keyError ? 'api-key-error' : '']
    .filter(Boolean)
    .join(' ');

  // Two elements rather than a `type` that changes: Preact keeps the same input either way.
  const keyInputProps = {
    ref: keyInput,
    id: 'api-key',
    autoComplete: 'off',
    autoCapitalize: 'off' as const,
    spellcheck: false,
    placeholder: hasKey ? savedKeyPlaceholder() : t('options.connection.keyPlaceholder'),
    value: apiKey,
    disabled: loading,
    'aria-invalid': keyError ? ('true' as const) : undefined,
    'aria-describedby': keyDescribedBy,
    onInput: (event: TargetedEvent<HTMLInputElement>) => {
      setApiKey(event.currentTarget.value);
      setKeyError(null);
    },
    onPaste: pasteKey,
  };

  // Plain http is fine on this machine (a local or demo API); anywhere else the key would be
  // readable by anyone on the network path.
  const typedUrl = parseBaseUrl(baseUrl);
  const clearText = typedUrl.ok && typedUrl.origin.startsWith('http:') && !isLoopback(typedUrl.origin);

  // The origin is bold inside the sentence: split the translated sentence where it goes.
  const notAllowed =
    needsAccess === null
      ? null
      : t('options.connection.notAllowed', { origin: ORIGIN_MARK }).split(ORIGIN_MARK);
  const [before = '', after = ''] = notAllowed ?? [];

  return (
    <OptionsSection name="connection" heading={t('options.connection.heading')}>
      {needsAccess !== null && notAllowed !== null && (
        <div class="notice">
          <p>
            {before}
            <strong>{needsAccess}</strong>
            {after}
          </p>
          <button type="button" class="button" onClick={() => allowAccess(needsAccess)}>
            {t('options.connection.allowAccess', { origin: needsAccess })}
          </button>
        </div>
      )}
      <form class="stack" noValidate aria-busy={busy ? 'true' : 'false'} onSubmit={save}>
        <TextField
          id="api-base-url"
          label={t('options.connection.baseUrlLabel')}
          value={baseUrl}
          error={urlError}
          setError={setUrlError}
          hint={t('options.connection.baseUrlHelp')}
          onText={setBaseUrl}
          inputRef={urlInput}
          describedBy={clearText ? ['api-base-url-warning'] : []}
          input={{
            type: 'url',
            inputMode: 'url',
            autoComplete: 'url',
            spellcheck: false,
            placeholder: t('options.connection.baseUrlPlaceholder'),
            disabled: loading,
          }}
        >
          {clearText && (
            <p id="api-base-url-warning" class="field-warning">
              {t('options.connection.clearTextWarning')}
            </p>
          )}
        </TextField>
        <div class="field">
          <label for="api-key">{t('options.connection.keyLabel')}</label>
          <div class="input-with-button">
            {showKey ? (
              <input type="text" {...keyInputProps} />
            ) : (
              <input type="password" {...keyInputProps} />
            )}
            <button
              type="button"
              class="button button--secondary"
              aria-controls="api-key"
              onClick={() => setShowKey((shown) => !shown)}
            >
              {showKey ? t('options.connection.hideKey') : t('options.connection.showKey')}
            </button>
          </div>
          <FieldError id="api-key-error" error={keyError} />
          <Hint id="api-key-where">{t('options.connection.keyWhere')}</Hint>
          <Hint id="api-key-storage">{t('options.connection.keyStorage')}</Hint>
        </div>
        <div class="actions">
          <button
            type="submit"
            class="button button--primary"
            aria-disabled={busy || loading ? 'true' : undefined}
          >
            {t('options.connection.save')}
          </button>
        </div>
        <StatusMessage status={shownStatus} id="connection-status" />
        {justConnected && <NextStep />}
      </form>
    </OptionsSection>
  );
}

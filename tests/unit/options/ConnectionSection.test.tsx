import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConnectionSection, savedKeyPlaceholder } from '@/entrypoints/options/ConnectionSection';
import { noKeyMessage } from '@/utils/api/api-key';
import { BASE_URL_MESSAGES } from '@/utils/api/base-url';
import type { ApiError } from '@/utils/api/errors';
import type { ConnectionStatus, Request } from '@/utils/messages';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;
/** `browser.permissions.*` with its promise signature (the typings' last overload is the callback one). */
function spyOnPermission(name: 'request' | 'contains' | 'remove') {
  return vi.spyOn(fakeBrowser.permissions as unknown as Record<typeof name, PermissionCall>, name);
}

const API = 'https://stats.example.net';
const HEALTHY = { ok: true, data: { status: 'ok' }, fetchedAt: 1 } as const;
const failure = (error: ApiError) => ({ ok: false, error }) as const;

type SaveRequest = Extract<Request, { type: 'save-connection' }>;

interface Background {
  status?: ConnectionStatus;
  /** The reply to save-connection / check-connection (a promise to hold it back). */
  reply?: unknown;
}

/** Stands in for the background: records every request and answers like the real one. */
function stubBackground(background: Background = {}) {
  const requests: Request[] = [];
  let status: ConnectionStatus = background.status ?? { baseUrl: '', hasKey: false };
  const sendMessage = vi.spyOn(fakeBrowser.runtime, 'sendMessage') as unknown as {
    mockImplementation(fn: (message: Request) => Promise<unknown>): void;
  };
  sendMessage.mockImplementation(async (message: Request) => {
    requests.push(message);
    switch (message.type) {
      case 'connection-status':
        return status;
      case 'save-connection':
        status = { baseUrl: message.baseUrl, hasKey: status.hasKey || message.apiKey !== undefined };
        return background.reply ?? HEALTHY;
      case 'check-connection':
        return background.reply ?? HEALTHY;
      default:
        throw new Error(`unexpected ${message.type}`);
    }
  });
  return {
    requests,
    saves: () => requests.filter((r): r is SaveRequest => r.type === 'save-connection'),
  };
}

function grantPermissions(granted = true) {
  return {
    request: spyOnPermission('request').mockResolvedValue(granted),
    contains: spyOnPermission('contains').mockResolvedValue(true),
  };
}

const urlField = () => screen.getByLabelText<HTMLInputElement>('Server address');
const keyField = () => screen.getByLabelText<HTMLInputElement>('API key');
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const status = () => screen.getByRole('status');

async function renderLoaded() {
  render(<ConnectionSection />);
  await waitFor(() => expect(urlField().disabled).toBe(false));
}

function fill(field: HTMLInputElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

async function saveWith(url: string, key: string) {
  fill(urlField(), url);
  fill(keyField(), key);
  fireEvent.click(saveButton());
}

describe('options: server connection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('labels the fields, explains the key in one line and where it is kept', async () => {
    stubBackground();
    grantPermissions();
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Server connection' })).toBeTruthy();
    expect(urlField().type).toBe('url');
    expect(keyField().type).toBe('password');
    // The spec's own words for where the key comes from.
    expect(screen.getByText(/a command on the game server shows it/)).toBeTruthy();
    expect(screen.getByText(/stored only in this browser \(never synced\)/)).toBeTruthy();
    expect(keyField().getAttribute('aria-describedby')).toContain('api-key-where');
  });

  it('shows the saved base URL and, when a key is saved, an empty key field that says so', async () => {
    const background = stubBackground({ status: { baseUrl: API, hasKey: true } });
    grantPermissions();
    await renderLoaded();
    await waitFor(() => expect(urlField().value).toBe(API));
    expect(keyField().value).toBe('');
    expect(keyField().placeholder).toBe(savedKeyPlaceholder());
    expect(background.requests[0]).toEqual({ type: 'connection-status' });
  });

  it('asks for the API origin, saves and shows Connected', async () => {
    const background = stubBackground();
    const { request } = grantPermissions();
    await renderLoaded();
    await saveWith('https://stats.example.net:8443/api/', 'secret-key');
    // Asked within the click, before anything was awaited.
    expect(request).toHaveBeenCalledWith({ origins: ['https://stats.example.net/*'] });
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(background.saves()).toEqual([
      { type: 'save-connection', baseUrl: 'https://stats.example.net:8443', apiKey: 'secret-key' },
    ]);
    expect(status().className).toContain('status-message--success');
    // The key is not kept on the page once it is saved.
    expect(keyField().value).toBe('');
    expect(keyField().placeholder).toBe(savedKeyPlaceholder());
    expect(urlField().value).toBe('https://stats.example.net:8443');
  });

  it('requests the permission before anything else is awaited', async () => {
    const background = stubBackground();
    const { request } = grantPermissions();
    await renderLoaded();
    const before = background.requests.length;
    fill(urlField(), API);
    fill(keyField(), 'k');
    fireEvent.click(saveButton());
    expect(request).toHaveBeenCalledTimes(1);
    expect(background.requests.length).toBe(before);
    await waitFor(() => expect(status().textContent).toContain('Connected'));
  });

  it('says Checking… and marks the form busy while the check runs', async () => {
    let answer: (value: unknown) => void = () => {};
    stubBackground({ reply: new Promise((resolve) => (answer = resolve)) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain('Checking…'));
    const form = saveButton().closest('form');
    expect(form?.getAttribute('aria-busy')).toBe('true');
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
    answer(HEALTHY);
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    await waitFor(() => expect(form?.getAttribute('aria-busy')).toBe('false'));
    expect(saveButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('ignores a second Save while the first is still checking', async () => {
    let answer: (value: unknown) => void = () => {};
    const background = stubBackground({ reply: new Promise((resolve) => (answer = resolve)) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(background.saves()).toHaveLength(1));
    fireEvent.click(saveButton());
    answer(HEALTHY);
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(background.saves()).toHaveLength(1);
  });

  it('says Invalid API key on 401', async () => {
    stubBackground({ reply: failure({ kind: 'unauthorized' }) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'wrong');
    await waitFor(() => expect(status().textContent).toContain('Invalid API key'));
    expect(status().textContent).toContain('get a new one in game');
    expect(status().className).toContain('status-message--error');
    // The key stays in the field so a typo can be fixed.
    expect(keyField().value).toBe('wrong');
  });

  it.each([
    ['offline', 'Check the server address'],
    ['timeout', 'too long to answer'],
  ] as const)("says Can't reach the server when %s", async (kind, detail) => {
    stubBackground({ reply: failure({ kind }) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain("Can't reach the server"));
    expect(status().textContent).toContain(detail);
  });

  it('counts the rate-limit wait down live', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubBackground({ reply: failure({ kind: 'rate-limited', retryAfterSeconds: 3 }) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain('Too many requests, try again in 3 s.'));
    // Screen readers hear the sentence once; the ticking number is hidden from them.
    const spoken = status().querySelector('.status-message__spoken');
    expect(spoken?.textContent).toContain('Too many requests, try again in 3 s.');
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(status().querySelector('[aria-hidden="true"].status-message__body')?.textContent).toContain(
      'try again in 2 s.',
    );
    expect(spoken?.textContent).toContain('try again in 3 s.');
    await act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(status().textContent).toContain('You can try again now.');
  });

  it.each([
    [{ kind: 'unavailable' }, 'The server is unavailable right now.'],
    [{ kind: 'bad-response', detail: 'HTTP 404' }, 'The server sent an answer the extension could not read.'],
    [{ kind: 'bad-request', message: 'nope' }, 'The server refused the request: nope'],
    [
      { kind: 'invalid-input', message: 'The API key can only hold letters.' },
      'The API key can only hold letters.',
    ],
    [{ kind: 'not-configured' }, 'Set your API key first.'],
  ] as [ApiError, string][])('shows the shared sentence for %o', async (error, sentence) => {
    stubBackground({ reply: failure(error) });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain(sentence));
    expect(status().className).toContain('status-message--error');
  });

  it('refuses an invalid URL inline, without asking anything', async () => {
    const background = stubBackground();
    const { request } = grantPermissions();
    await renderLoaded();
    await saveWith('ftp://stats.example.net', 'k');
    const error = screen.getByText(BASE_URL_MESSAGES.scheme);
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(urlField().getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(urlField());
    expect(request).not.toHaveBeenCalled();
    expect(background.saves()).toHaveLength(0);
    // Typing clears the error.
    fill(urlField(), API);
    expect(urlField().getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the key when none is saved and the field is empty', async () => {
    const background = stubBackground();
    const { request } = grantPermissions();
    await renderLoaded();
    await saveWith(API, '   ');
    expect(screen.getByText(noKeyMessage())).toBeTruthy();
    expect(keyField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(keyField());
    expect(request).not.toHaveBeenCalled();
    expect(background.saves()).toHaveLength(0);
  });

  it('says the extension needs access when the permission is refused, and saves nothing', async () => {
    const background = stubBackground();
    grantPermissions(false);
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() =>
      expect(status().textContent).toContain(
        'The extension needs access to https://stats.example.net to talk to the server.',
      ),
    );
    expect(background.saves()).toHaveLength(0);
  });

  it('keeps the saved key when the field is left empty', async () => {
    const background = stubBackground({ status: { baseUrl: API, hasKey: true } });
    grantPermissions();
    await renderLoaded();
    await waitFor(() => expect(urlField().value).toBe(API));
    fireEvent.click(saveButton());
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(background.saves()).toEqual([{ type: 'save-connection', baseUrl: API }]);
  });

  it('trims a typed key before sending it', async () => {
    const background = stubBackground();
    grantPermissions();
    await renderLoaded();
    await saveWith(API, '  abc-123 \n');
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(background.saves()[0]?.apiKey).toBe('abc-123');
  });

  it('trims a pasted key in the field', async () => {
    stubBackground();
    grantPermissions();
    await renderLoaded();
    const field = keyField();
    field.focus();
    const pasted = fireEvent.paste(field, { clipboardData: { getData: () => '  abc-123\n' } });
    expect(pasted).toBe(false); // the browser's own paste was replaced
    expect(field.value).toBe('abc-123');
  });

  it('leaves an already clean paste to the browser', async () => {
    stubBackground();
    grantPermissions();
    await renderLoaded();
    const pasted = fireEvent.paste(keyField(), { clipboardData: { getData: () => 'abc-123' } });
    expect(pasted).toBe(true);
  });

  it('shows and hides the key', async () => {
    stubBackground();
    grantPermissions();
    await renderLoaded();
    fill(keyField(), 'secret');
    const toggle = screen.getByRole('button', { name: 'Show key' });
    expect(toggle.getAttribute('aria-controls')).toBe(keyField().id);
    fireEvent.click(toggle);
    expect(keyField().type).toBe('text');
    expect(keyField().value).toBe('secret');
    fireEvent.click(screen.getByRole('button', { name: 'Hide key' }));
    expect(keyField().type).toBe('password');
  });

  it('offers to allow the saved API origin when the browser has not granted it', async () => {
    const background = stubBackground({ status: { baseUrl: API, hasKey: true } });
    const { request, contains } = grantPermissions();
    contains.mockResolvedValue(false);
    await renderLoaded();
    const allow = await screen.findByRole('button', { name: 'Allow access to https://stats.example.net' });
    expect(screen.getByText(/not allowed to reach/)).toBeTruthy();
    expect(contains).toHaveBeenCalledWith({ origins: ['https://stats.example.net/*'] });
    fireEvent.click(allow);
    expect(request).toHaveBeenCalledWith({ origins: ['https://stats.example.net/*'] });
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(background.requests.some((r) => r.type === 'check-connection')).toBe(true);
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
  });

  it('keeps the notice and explains when the user refuses again', async () => {
    stubBackground({ status: { baseUrl: API, hasKey: true } });
    const { contains } = grantPermissions(false);
    contains.mockResolvedValue(false);
    await renderLoaded();
    fireEvent.click(await screen.findByRole('button', { name: /Allow access to/ }));
    await waitFor(() => expect(status().textContent).toContain('needs access to https://stats.example.net'));
    expect(screen.getByRole('button', { name: /Allow access to/ })).toBeTruthy();
  });

  it('shows no notice when the origin is allowed, or when the browser cannot tell', async () => {
    stubBackground({ status: { baseUrl: API, hasKey: true } });
    const { contains } = grantPermissions();
    await renderLoaded();
    await waitFor(() => expect(contains).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
    cleanup();
    contains.mockRejectedValue(new Error('not implemented'));
    await renderLoaded();
    await waitFor(() => expect(contains).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
  });

  it('shows the notice when access is taken away while the page is open', async () => {
    stubBackground({ status: { baseUrl: API, hasKey: true } });
    const { contains } = grantPermissions();
    const subscribe = vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.permissions.onRemoved, 'removeListener').mockImplementation(() => {});
    await renderLoaded();
    await waitFor(() => expect(subscribe).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
    contains.mockResolvedValue(false);
    subscribe.mock.calls[0]?.[0]({ origins: [`${API}/*`] });
    await screen.findByRole('button', { name: 'Allow access to https://stats.example.net' });
  });

  it('says so when the background does not answer', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Receiving end does not exist.'),
    );
    grantPermissions();
    render(<ConnectionSection />);
    await waitFor(() => expect(status().textContent).toContain("The extension's background did not answer."));
    expect(urlField().disabled).toBe(false);
  });

  it('blames the background, not the server, when the save gets no proper answer', async () => {
    stubBackground({ reply: { unexpected: true } });
    grantPermissions();
    await renderLoaded();
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain("The extension's background did not answer."));
  });

  it('on a first run says Not connected yet and keeps the other settings back', async () => {
    const background = stubBackground();
    grantPermissions();
    const onUsable = vi.fn();
    render(<ConnectionSection onUsable={onUsable} />);
    await waitFor(() => expect(status().textContent).toContain('Not connected yet'));
    expect(status().textContent).toContain('Enter the server address and your key, then click Save.');
    expect(onUsable).toHaveBeenLastCalledWith(false);
    // Nothing saved: nothing to check.
    expect(background.requests.map((r) => r.type)).toEqual(['connection-status']);
    expect(screen.queryByRole('heading', { name: /^Next:/ })).toBeNull();
  });

  it('after a save that works, opens the other settings and says what to do next', async () => {
    stubBackground();
    grantPermissions();
    const onUsable = vi.fn();
    render(<ConnectionSection onUsable={onUsable} />);
    await waitFor(() => expect(urlField().disabled).toBe(false));
    await saveWith(API, 'k');
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(onUsable).toHaveBeenLastCalledWith(true);
    const next = screen.getByRole('heading', { level: 3, name: 'Next: pin the icon, look yourself up' })
      .parentElement as HTMLElement;
    expect(next.textContent).toContain('the Extensions button (the puzzle piece)');
    expect(next.textContent).toContain('type your player name and press Enter');
  });

  it('reopened with a saved connection, checks it and shows Connected: the status stays', async () => {
    const background = stubBackground({ status: { baseUrl: API, hasKey: true } });
    grantPermissions();
    const onUsable = vi.fn();
    render(<ConnectionSection onUsable={onUsable} />);
    await waitFor(() => expect(status().textContent).toContain('Connected'));
    expect(status().textContent).toContain('The server at stats.example.net accepted your key.');
    expect(background.requests.map((r) => r.type)).toEqual(['connection-status', 'check-connection']);
    expect(background.saves()).toHaveLength(0);
    expect(onUsable).toHaveBeenLastCalledWith(true);
    // The next step is for the moment the connection first works, not every visit.
    expect(screen.queryByRole('heading', { name: /^Next:/ })).toBeNull();
  });

  it('reopened with a key the server refuses, says so and keeps the other settings back', async () => {
    stubBackground({ status: { baseUrl: API, hasKey: true }, reply: failure({ kind: 'unauthorized' }) });
    grantPermissions();
    const onUsable = vi.fn();
    render(<ConnectionSection onUsable={onUsable} />);
    await waitFor(() => expect(status().textContent).toContain('Invalid API key'));
    expect(onUsable).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('heading', { name: /^Next:/ })).toBeNull();
  });

  it('reopened while the server is down, says so and leaves the other settings open', async () => {
    stubBackground({ status: { baseUrl: API, hasKey: true }, reply: failure({ kind: 'offline' }) });
    grantPermissions();
    const onUsable = vi.fn();
    render(<ConnectionSection onUsable={onUsable} />);
    await waitFor(() => expect(status().textContent).toContain("Can't reach the server"));
    expect(onUsable).toHaveBeenLastCalledWith(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { type OmniboxApi, type OmniboxDeps, registerOmnibox } from '@/entrypoints/background/lookup/omnibox';
import type { OmniboxSuggestion } from '@/entrypoints/background/lookup/omnibox-suggestions';

type Listener<T> = T extends { addListener(listener: infer L): void } ? L : never;

/** An omnibox API that keeps its listeners, so tests can fire them as the browser would. */
function fakeOmnibox() {
  const listeners: {
    started?: Listener<OmniboxApi['onInputStarted']>;
    changed?: Listener<OmniboxApi['onInputChanged']>;
    entered?: Listener<OmniboxApi['onInputEntered']>;
  } = {};
  const api = {
    setDefaultSuggestion: vi.fn(async (_: { description: string }) => undefined),
    onInputStarted: {
      addListener: vi.fn((listener) => {
        listeners.started = listener;
      }),
    },
    onInputChanged: {
      addListener: vi.fn((listener) => {
        listeners.changed = listener;
      }),
    },
    onInputEntered: {
      addListener: vi.fn((listener) => {
        listeners.entered = listener;
      }),
    },
  } satisfies OmniboxApi;
  return { api, listeners };
}

function deps(overrides: Partial<OmniboxDeps> = {}): OmniboxDeps {
  return {
    names: async () => ['Notch', 'Steve', 'notchfan'],
    markup: true,
    open: vi.fn(async () => undefined),
    warn: () => () => undefined,
    ...overrides,
  };
}

describe('registerOmnibox', () => {
  it('adds its three listeners at once (synchronously)', () => {
    const { api } = fakeOmnibox();
    registerOmnibox(api, deps());
    expect(api.onInputStarted.addListener).toHaveBeenCalledTimes(1);
    expect(api.onInputChanged.addListener).toHaveBeenCalledTimes(1);
    expect(api.onInputEntered.addListener).toHaveBeenCalledTimes(1);
  });

  it('typing: suggests matching names and sets the default line, asking nothing else', async () => {
    const { api } = fakeOmnibox();
    const names = vi.fn(async () => ['Notch', 'Steve', 'notchfan']);
    const open = vi.fn(async () => undefined);
    const handlers = registerOmnibox(api, deps({ names, open }));
    const suggest = vi.fn<(results: OmniboxSuggestion[]) => void>();
    await handlers.changed('not', suggest);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.[0].map((row) => row.content)).toEqual(['Notch', 'notchfan']);
    expect(api.setDefaultSuggestion).toHaveBeenLastCalledWith({
      description: 'Look up <match>not</match><dim> in Network Companion</dim>',
    });
    expect(names).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('Firefox: plain-text rows', async () => {
    const { api } = fakeOmnibox();
    const handlers = registerOmnibox(api, deps({ markup: false }));
    const suggest = vi.fn<(results: OmniboxSuggestion[]) => void>();
    await handlers.changed('Ste', suggest);
    expect(suggest).toHaveBeenCalledWith([{ content: 'Steve', description: 'Steve – open the player view' }]);
  });

  it('only the latest input gets its suggestions when names arrive out of order', async () => {
    const { api } = fakeOmnibox();
    const pending: ((names: string[]) => void)[] = [];
    const names = () => new Promise<string[]>((resolve) => pending.push(resolve));
    const handlers = registerOmnibox(api, deps({ names }));
    const suggest = vi.fn<(results: OmniboxSuggestion[]) => void>();
    const first = handlers.changed('N', suggest);
    const second = handlers.changed('No', suggest);
    pending[1]?.(['Notch']);
    pending[0]?.(['Nobody']);
    await Promise.all([first, second]);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.[0].map((row) => row.content)).toEqual(['Notch']);
  });

  it('names that cannot be read: no rows, a warning, the default line still set', async () => {
    const { api } = fakeOmnibox();
    const warned: string[] = [];
    const handlers = registerOmnibox(
      api,
      deps({
        names: async () => {
          throw new Error('storage gone');
        },
        warn: (what) => () => void warned.push(what),
      }),
    );
    const suggest = vi.fn<(results: OmniboxSuggestion[]) => void>();
    await handlers.changed('Notch', suggest);
    expect(suggest).toHaveBeenCalledWith([]);
    expect(warned).toEqual(['reading names for the address bar']);
    expect(api.setDefaultSuggestion).toHaveBeenCalledTimes(1);
  });

  it('starting: the default line says what to type', () => {
    const { api, listeners } = fakeOmnibox();
    registerOmnibox(api, deps({ markup: false }));
    listeners.started?.();
    expect(api.setDefaultSuggestion).toHaveBeenCalledWith({
      description: 'Network Companion: Enter a player name or a UUID.',
    });
  });

  it('Enter on a name or UUID opens the player view where the browser says', async () => {
    const { api } = fakeOmnibox();
    const open = vi.fn(async () => undefined);
    const handlers = registerOmnibox(api, deps({ open }));
    expect(await handlers.entered(' Notch ', 'currentTab')).toBe(true);
    expect(await handlers.entered('069A79F444E94726A5BEFCA90E38AAF5', 'newBackgroundTab')).toBe(true);
    expect(open.mock.calls).toEqual([
      ['Notch', 'currentTab'],
      ['069a79f4-44e9-4726-a5be-fca90e38aaf5', 'newBackgroundTab'],
    ]);
  });

  it('Enter on anything else opens nothing', async () => {
    const { api, listeners } = fakeOmnibox();
    const open = vi.fn(async () => undefined);
    const handlers = registerOmnibox(api, deps({ open }));
    for (const text of ['', 'no', 'two words', '<script>', '../options.html', 'javascript:alert(1)']) {
      expect(await handlers.entered(text, 'newForegroundTab')).toBe(false);
    }
    listeners.entered?.('a<b', 'currentTab');
    await Promise.resolve();
    expect(open).not.toHaveBeenCalled();
  });
});

// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendRequest } from '@/utils/send-request';

const scope = globalThis as { browser?: unknown; chrome?: unknown };
const saved = { browser: scope.browser, chrome: scope.chrome };

afterEach(() => {
  scope.browser = saved.browser;
  scope.chrome = saved.chrome;
});

describe('sendRequest', () => {
  it('sends the request through chrome.runtime when there is no browser namespace, and resolves with the raw reply', async () => {
    const sendMessage = vi.fn(async () => ({ anything: true }));
    scope.browser = undefined;
    scope.chrome = { runtime: { sendMessage } };
    await expect(sendRequest({ type: 'watch-state', uuid: 'u' })).resolves.toEqual({ anything: true });
    expect(sendMessage).toHaveBeenCalledWith({ type: 'watch-state', uuid: 'u' });
  });

  it('prefers browser.runtime (Firefox)', async () => {
    const viaBrowser = vi.fn(async () => 'browser');
    scope.browser = { runtime: { sendMessage: viaBrowser } };
    scope.chrome = { runtime: { sendMessage: async () => 'chrome' } };
    await expect(sendRequest({ type: 'hover-card-ui' })).resolves.toBe('browser');
  });

  it('rejects when there is no extension runtime (the extension was reloaded)', async () => {
    scope.browser = undefined;
    scope.chrome = undefined;
    await expect(sendRequest({ type: 'hover-card-ui' })).rejects.toThrow();
  });
});

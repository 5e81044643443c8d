// Specifies where the API key travels: entrypoints/background/gateway/gateway.ts, utils/api/base-url.ts and
// entrypoints/options/ConnectionSection.tsx.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createGateway } from '@/entrypoints/background/gateway/gateway';
import { ConnectionSection } from '@/entrypoints/options/ConnectionSection';
import { isLoopback, parseBaseUrl } from '@/utils/api/base-url';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

/**
 * Where the key may travel (docs/security.md): only from the background, only to the saved
 * API origin, only in the X-API-Key header, and in the clear only to a loopback address.
 * Plain http to anywhere else is the user's choice, but the options page must say what it
 * means before the key is sent.
 */

const KEY = 'secret-key';
const PLAYER = makePlayer({ uuid: PLAYER_UUID });

/** The warning the options page should show for plain http to a non-loopback host. */
const CLEAR_TEXT_WARNING = /not encrypted: your key would travel in the clear/i;

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  cleanup();
});

describe('the addresses the key may travel to', () => {
  it('loopback means this machine only: 127.0.0.0/8, localhost and [::1], nothing that merely looks like it', () => {
    for (const url of [
      'http://127.0.0.1:8787',
      'http://127.9.9.9',
      'http://localhost:3000',
      'http://[::1]:80',
    ]) {
      expect(isLoopback(url), url).toBe(true);
    }
    for (const url of [
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://evil.example/127.0.0.1',
      'http://0.0.0.0',
      'http://10.0.0.1',
      'http://[::ffff:7f00:1]',
      'http://user@evil.example',
    ]) {
      expect(isLoopback(url), url).toBe(false);
    }
  });

  it('a base URL can carry no credentials, query or fragment that would end up elsewhere', () => {
    for (const input of [
      'https://user:pass@stats.example.net',
      'https://stats.example.net@evil.example',
      'https://stats.example.net?next=https://evil.example',
      'https://stats.example.net#@evil.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://stats.example.net',
    ]) {
      expect(parseBaseUrl(input).ok, input).toBe(false);
    }
  });

  for (const baseUrl of ['https://stats.example.net', 'http://127.0.0.1:8787', 'http://localhost:3000']) {
    it(`${baseUrl}: the key goes there, in the header, and nowhere else`, async () => {
      const sent: { url: string; key: string | null }[] = [];
      const gateway = createGateway({
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({ url: String(input), key: new Headers(init?.headers).get('X-API-Key') });
          return new Response(JSON.stringify(PLAYER), { status: 200 });
        }) as typeof fetch,
        getConnection: async () => ({ baseUrl, apiKey: KEY }),
        rememberPlayers: async () => {},
      });
      expect((await gateway.player('Steve')).ok).toBe(true);
      expect(sent).toEqual([{ url: `${baseUrl}/api/player/Steve`, key: KEY }]);
    });
  }
});

describe('the options page and plain http', () => {
  it('warns that the key would travel in the clear for http:// to anything but loopback', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async () => ({
      baseUrl: '',
      hasKey: false,
    })) as never);
    render(<ConnectionSection />);
    const field = screen.getByLabelText<HTMLInputElement>('Server address');
    await waitFor(() => expect(field.disabled).toBe(false));
    for (const [url, warns] of [
      ['http://stats.example.net', true],
      ['http://10.0.0.5:8080', true],
      ['https://stats.example.net', false],
      ['http://127.0.0.1:8787', false],
      ['http://localhost:3000', false],
    ] as const) {
      fireEvent.input(field, { target: { value: url } });
      if (warns) {
        await waitFor(() => expect(screen.getByText(CLEAR_TEXT_WARNING)).toBeTruthy());
        expect(field.getAttribute('aria-describedby') ?? '').toContain('api-base-url-warning');
      } else {
        await waitFor(() => expect(screen.queryByText(CLEAR_TEXT_WARNING)).toBeNull());
      }
    }
  });
});

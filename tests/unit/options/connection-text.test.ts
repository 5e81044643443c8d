// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { settingsUsableAfter } from '@/entrypoints/options/connection-text';
import type { ApiError } from '@/utils/api/errors';

const failed = (error: ApiError) => ({ ok: false, error }) as const;

describe('whether the settings after the connection show after a check', () => {
  it('a check that works opens them, whatever came before', () => {
    expect(settingsUsableAfter({ ok: true, data: {}, fetchedAt: 1 }, false)).toBe(true);
  });

  it.each(['unauthorized', 'not-configured'] as const)('%s (the setup is wrong) closes them', (kind) => {
    expect(settingsUsableAfter(failed({ kind }), true)).toBe(false);
  });

  it('an answer that is not the API (a wrong address) closes them', () => {
    expect(settingsUsableAfter(failed({ kind: 'bad-response', detail: 'HTTP 404' }), true)).toBe(false);
  });

  it.each(['offline', 'timeout', 'unavailable', 'no-background'] as const)(
    '%s (the server’s trouble) leaves them as they were',
    (kind) => {
      expect(settingsUsableAfter(failed({ kind }), true)).toBe(true);
      expect(settingsUsableAfter(failed({ kind }), false)).toBe(false);
    },
  );

  it('a rate-limited check leaves them as they were', () => {
    expect(settingsUsableAfter(failed({ kind: 'rate-limited', retryAfterSeconds: 5 }), true)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { hoverSettingsFor } from '@/entrypoints/forum.content/hover-settings';
import { DEFAULT_HOVER_DELAY_MS } from '@/utils/limits';
import { DEFAULT_SETTINGS, sanitizeSettings } from '@/utils/settings';

const ORIGIN = 'https://forum.example.net';

describe('hoverSettingsFor', () => {
  it('reads the same delay as settings.ts for every stored value', () => {
    for (const hoverDelayMs of [-1, 0, 1, 300, 2999, 3000, 3001, 1.5, '300', Number.NaN, null, undefined]) {
      expect(hoverSettingsFor({ hoverDelayMs }, ORIGIN).hoverDelayMs).toBe(
        sanitizeSettings({ hoverDelayMs }).hoverDelayMs,
      );
    }
  });

  it('is enabled only on an added forum site, with its custom selector', () => {
    const stored = {
      ...DEFAULT_SETTINGS,
      hoverDelayMs: 500,
      forumSites: [
        { origin: 'https://other.example', customSelector: '.x' },
        { origin: ORIGIN, customSelector: ' .author-name ' },
      ],
    };
    expect(hoverSettingsFor(stored, ORIGIN)).toEqual({
      enabled: true,
      customSelector: '.author-name',
      hoverDelayMs: 500,
    });
    expect(hoverSettingsFor(stored, 'https://forum.example.net:8443').enabled).toBe(false);
    expect(hoverSettingsFor(stored, 'http://forum.example.net').enabled).toBe(false);
  });

  it('understands version 1 settings (forum sites as plain origins)', () => {
    expect(hoverSettingsFor({ forumSites: [ORIGIN] }, ORIGIN)).toEqual({
      enabled: true,
      customSelector: '',
      hoverDelayMs: DEFAULT_HOVER_DELAY_MS,
    });
  });

  it('falls back to defaults for missing or invalid values', () => {
    for (const stored of [undefined, null, 'x', 42, [], {}]) {
      expect(hoverSettingsFor(stored, ORIGIN)).toEqual({
        enabled: false,
        customSelector: '',
        hoverDelayMs: DEFAULT_HOVER_DELAY_MS,
      });
    }
    for (const hoverDelayMs of [-1, 3001, 1.5, '300', Number.NaN, null]) {
      expect(hoverSettingsFor({ hoverDelayMs }, ORIGIN).hoverDelayMs).toBe(DEFAULT_HOVER_DELAY_MS);
    }
    expect(hoverSettingsFor({ hoverDelayMs: 0 }, ORIGIN).hoverDelayMs).toBe(0);
    expect(hoverSettingsFor({ hoverDelayMs: 3000 }, ORIGIN).hoverDelayMs).toBe(3000);
    const odd = { forumSites: [null, 7, { origin: ORIGIN, customSelector: 5 }] };
    expect(hoverSettingsFor(odd, ORIGIN)).toMatchObject({ enabled: true, customSelector: '' });
    const long = { forumSites: [{ origin: ORIGIN, customSelector: 'a'.repeat(501) }] };
    expect(hoverSettingsFor(long, ORIGIN).customSelector).toBe('');
  });
});

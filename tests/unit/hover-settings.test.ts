import { describe, expect, it } from 'vitest';
import {
  HOVER_DELAY_DEFAULT_MS,
  HOVER_DELAY_MAX_MS,
  HOVER_DELAY_MIN_MS,
  hoverSettingsFor,
} from '../../utils/hover-settings';
import { DEFAULT_SETTINGS, MAX_HOVER_DELAY_MS, MIN_HOVER_DELAY_MS } from '../../utils/settings';

const ORIGIN = 'https://forum.example.net';

describe('hoverSettingsFor', () => {
  it('uses the same delay bounds and default as settings.ts', () => {
    expect(HOVER_DELAY_DEFAULT_MS).toBe(DEFAULT_SETTINGS.hoverDelayMs);
    expect(HOVER_DELAY_MIN_MS).toBe(MIN_HOVER_DELAY_MS);
    expect(HOVER_DELAY_MAX_MS).toBe(MAX_HOVER_DELAY_MS);
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
      hoverDelayMs: HOVER_DELAY_DEFAULT_MS,
    });
  });

  it('falls back to defaults for missing or invalid values', () => {
    for (const stored of [undefined, null, 'x', 42, [], {}]) {
      expect(hoverSettingsFor(stored, ORIGIN)).toEqual({
        enabled: false,
        customSelector: '',
        hoverDelayMs: HOVER_DELAY_DEFAULT_MS,
      });
    }
    for (const hoverDelayMs of [-1, 3001, 1.5, '300', Number.NaN, null]) {
      expect(hoverSettingsFor({ hoverDelayMs }, ORIGIN).hoverDelayMs).toBe(HOVER_DELAY_DEFAULT_MS);
    }
    expect(hoverSettingsFor({ hoverDelayMs: 0 }, ORIGIN).hoverDelayMs).toBe(0);
    expect(hoverSettingsFor({ hoverDelayMs: 3000 }, ORIGIN).hoverDelayMs).toBe(3000);
    const odd = { forumSites: [null, 7, { origin: ORIGIN, customSelector: 5 }] };
    expect(hoverSettingsFor(odd, ORIGIN)).toMatchObject({ enabled: true, customSelector: '' });
    const long = { forumSites: [{ origin: ORIGIN, customSelector: 'a'.repeat(501) }] };
    expect(hoverSettingsFor(long, ORIGIN).customSelector).toBe('');
  });
});

// Specifies utils/i18n/translate.ts and utils/i18n/ui-language.ts.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messageTable, plural, t } from '@/utils/i18n/translate';
import { applyDocumentLanguage, uiLanguage } from '@/utils/i18n/ui-language';
import { speak } from '../../fixtures/catalogues';

describe('t', () => {
  it('reads the message for the UI language', async () => {
    expect(t('extension.name')).toBe('Network Companion');
    await speak('de');
    expect(t('popup.tabs.label')).toBe('Ansichten');
  });

  it('fills named placeholders, formatting numbers for the UI language', async () => {
    await speak('de');
    expect(t('background.badgeCount', { product: 'NC', players: 1234.5, time: '14:05' })).toBe(
      'NC: 1.234,5 (Stand 14:05).',
    );
  });

  it('shows the key when no catalogue has it, so a gap is visible rather than blank', () => {
    // @ts-expect-error: not a key, which is the point
    expect(t('popup.noSuchKey')).toBe('popup.noSuchKey');
  });

  it('reads each message and the UI language from the browser once per page (each read crosses the bindings)', () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    const getUILanguage = vi.spyOn(fakeBrowser.i18n, 'getUILanguage');
    for (let tick = 0; tick < 200; tick += 1) {
      t('format.hoursMinutes', { hours: '1h', minutes: '05m' });
      plural('common.playersOnline', tick);
    }
    const names = getMessage.mock.calls.map(([name]) => name);
    expect(names.filter((name) => name === 'format_hoursMinutes')).toHaveLength(1);
    expect(names.filter((name) => name === 'common_playersOnline_other')).toHaveLength(1);
    expect(getUILanguage.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('leaves text from the API alone: a value is never read as a placeholder', () => {
    expect(t('background.badgeCount', { product: '{time}', players: 1, time: '$1' })).toBe(
      '{time}: 1 (as of $1).',
    );
  });
});

describe('plural', () => {
  it.each([
    ['en', 0, '0 players online'],
    ['en', 1, '1 player online'],
    ['en', 1234, '1,234 players online'],
    ['de', 1, '1 Spieler online'],
    ['de', 1234, '1.234 Spieler online'],
    ['es', 1, '1 jugador conectado'],
    ['es', 0, '0 jugadores conectados'],
    ['es', 1_000_000, '1.000.000 jugadores conectados'],
    ['pt_BR', 0, '0 jogador online'],
    ['pt_BR', 2, '2 jogadores online'],
    ['fr', 0, '0 joueur en ligne'],
    ['fr', 1, '1 joueur en ligne'],
    ['fr', 2, '2 joueurs en ligne'],
    ['fr', 1_000_000, '1 000 000 joueurs en ligne'],
  ])('%s: %d → %s', async (locale, count, text) => {
    await speak(locale);
    expect(plural('common.playersOnline', count).replace(/\s/g, ' ')).toBe(text);
  });
});

describe('applyDocumentLanguage', () => {
  it('sets lang and dir from the UI language', async () => {
    await speak('pt_BR');
    const root = document.createElement('html');
    applyDocumentLanguage(root);
    expect(uiLanguage()).toBe('pt-BR');
    expect(root.lang).toBe('pt-BR');
    expect(root.dir).toBe('ltr');
  });
});

describe('messageTable', () => {
  it('reads each message when it is read, in the language of that moment', async () => {
    const table = messageTable({ tabs: 'popup.tabs.label', name: 'extension.name' });
    expect(table.tabs).toBe('Views');
    await speak('de');
    expect(table.tabs).toBe('Ansichten');
    expect(Object.keys(table)).toEqual(['tabs', 'name']);
  });
});

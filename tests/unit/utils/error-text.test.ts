import { describe, expect, it } from 'vitest';
import { apiKeyProblem } from '@/utils/api/api-key';
import { parseBaseUrl } from '@/utils/api/base-url';
import type { ApiError } from '@/utils/api/errors';
import { parseIdentifier } from '@/utils/api/identifiers';
import { describeError, ERROR_SUBJECTS, type ErrorSubject } from '@/utils/error-text';
import { LOCALES, speak } from '../../fixtures/catalogues';

const EVERY_ERROR: readonly ApiError[] = [
  { kind: 'unauthorized' },
  { kind: 'not-found', identifier: 'Notch' },
  { kind: 'bad-request', message: 'limit too big' },
  { kind: 'rate-limited', retryAfterSeconds: 12 },
  { kind: 'unavailable' },
  { kind: 'offline' },
  { kind: 'timeout' },
  { kind: 'no-background' },
  { kind: 'bad-response', detail: 'HTTP 502' },
  { kind: 'not-configured' },
];

describe('describeError', () => {
  it('English: one sentence per subject, as before', () => {
    expect(describeError({ kind: 'unavailable' }).message).toBe('The server is unavailable right now.');
    expect(describeError({ kind: 'unavailable' }, 'the auction house').message).toBe(
      'The auction house is unavailable right now.',
    );
    expect(describeError({ kind: 'unavailable' }, 'the player service').message).toBe(
      'The player service is unavailable right now.',
    );
    // A subject the table does not name reads as the server, never as a half-English sentence.
    expect(describeError({ kind: 'unavailable' }, 'the moon').message).toBe(
      'The server is unavailable right now.',
    );
    expect(describeError({ kind: 'rate-limited', retryAfterSeconds: 86_400 }).message).toBe(
      'Too many requests, try again in 86400 s.',
    );
  });

  it('German: every kind in German, with the player name and the wait filled in', async () => {
    await speak('de');
    expect(describeError({ kind: 'unauthorized' })).toEqual({
      message: 'Ungültiger API-Schlüssel.',
      action: 'Hol dir im Spiel einen neuen Schlüssel und füge ihn in den Einstellungen ein.',
      retryable: false,
    });
    expect(describeError({ kind: 'not-found', identifier: 'Notch' }).message).toBe(
      'Kein Spieler namens Notch war je im Netzwerk.',
    );
    expect(describeError({ kind: 'rate-limited', retryAfterSeconds: 11.2 }).message).toBe(
      'Zu viele Anfragen, versuch es in 12 s erneut.',
    );
    expect(describeError({ kind: 'unavailable' }, 'the leaderboard').message).toBe(
      'Die Bestenliste ist gerade nicht erreichbar.',
    );
    expect(describeError({ kind: 'offline' }).action).toBe(
      'Prüf deine Verbindung und die Serveradresse in den Einstellungen.',
    );
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: no error and no subject is left in English',
    async (locale) => {
      const english = [
        ...EVERY_ERROR.map((error) => describeError(error)),
        ...Object.keys(ERROR_SUBJECTS).map((subject) =>
          describeError({ kind: 'unavailable' }, subject as ErrorSubject),
        ),
      ];
      await speak(locale);
      const translated = [
        ...EVERY_ERROR.map((error) => describeError(error)),
        ...Object.keys(ERROR_SUBJECTS).map((subject) =>
          describeError({ kind: 'unavailable' }, subject as ErrorSubject),
        ),
      ];
      translated.forEach((text, i) => {
        expect(text.message).not.toBe(english[i]?.message);
        expect(text.action).not.toBe(english[i]?.action ?? '');
        expect(text.retryable).toBe(english[i]?.retryable);
      });
    },
  );
});

describe('validation messages', () => {
  it('Spanish: the API address, key and player name', async () => {
    await speak('es');
    expect(parseBaseUrl('')).toEqual({
      ok: false,
      message: 'Escribe la dirección del servidor de estadísticas, p. ej. https://stats.example.net.',
    });
    expect(parseBaseUrl('https://a.net/#x')).toMatchObject({
      message: 'Quita la parte que va después de # en la dirección.',
    });
    expect(apiKeyProblem('')).toBe('Pega la clave de API que te dieron en el juego.');
    expect(parseIdentifier('a b')).toEqual({
      ok: false,
      message: 'Escribe un nombre de jugador (3–16 letras, dígitos o _) o un UUID.',
    });
  });

  it('Brazilian Portuguese: the empty name and the bad key', async () => {
    await speak('pt_BR');
    expect(parseIdentifier('')).toEqual({ ok: false, message: 'Digite um nome de jogador ou um UUID.' });
    expect(apiKeyProblem('kéy')).toBe('A chave de API só pode ter letras, dígitos e pontuação.');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '@/tests/fixtures/catalogues';
import { failingCheckText } from '@/utils/failing-check-text';
import type { EntryFailure } from '@/utils/scheduler/entry-failures';

const NOW = Date.UTC(2026, 10, 28, 14, 7);
const MINUTE = 60_000;
const failure = (overrides: Partial<EntryFailure>): EntryFailure => ({
  failures: 2,
  failure: 'unavailable',
  triedAt: NOW - 5 * MINUTE,
  retryAt: NOW + 33 * MINUTE,
  ...overrides,
});

describe('what the views say of a check that keeps failing', () => {
  afterEach(() => speak('en'));

  it('a player: who, why, when tried, when next, and to wait', () => {
    expect(failingCheckText({ kind: 'player', name: 'Notch' }, failure({}), NOW)).toEqual({
      message:
        'Checks of Notch keep failing: the server answered with an error. Last tried 5 min ago; next try in 33 min.',
      action: 'It is tried again on its own, less and less often; the others are checked meanwhile.',
    });
  });

  it('a search refused for its text: edit or remove it; a retry due says the next turn', () => {
    expect(
      failingCheckText(
        { kind: 'search', text: 'diamond' },
        failure({ failure: 'bad-request', retryAt: NOW - MINUTE }),
        NOW,
      ),
    ).toEqual({
      message:
        'Checks of the search “diamond” keep failing: the server refused the request. Last tried 5 min ago; it is tried again at its next turn.',
      action: 'Edit the search’s text, or remove the search.',
    });
  });

  it('an unreadable answer: look for an update; a renamed player: watch them again', () => {
    expect(
      failingCheckText({ kind: 'player', name: 'x' }, failure({ failure: 'bad-response' }), NOW).action,
    ).toBe('If it lasts, look for an update of the extension.');
    expect(
      failingCheckText({ kind: 'player', name: 'x' }, failure({ failure: 'not-found' }), NOW).action,
    ).toContain('watch them again by their new name');
  });

  it('in the UI language', async () => {
    await speak('de');
    expect(
      failingCheckText({ kind: 'search', text: 'diamond' }, failure({ failure: 'timeout' }), NOW).message,
    ).toBe(
      'Die Abfragen für die Suche „diamond“ schlagen wiederholt fehl: der Server brauchte zu lange für die Antwort (zuletzt versucht vor 5 Min., nächster Versuch in 33 Min.).',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { gapsNote, MAX_GAPS_NAMED, summarySentence } from '@/components/chart/chart-text';
import { speak } from '@/tests/fixtures/catalogues';

const value = (n: number) => `v${n}`;
const time = (t: number) => `t${t}`;

describe('summarySentence', () => {
  it('says lowest, highest and latest with its time', () => {
    expect(summarySentence({ min: 1, max: 9, latest: 4, latestTime: 77 }, value, time)).toBe(
      'Lowest v1, highest v9, latest v4 at t77.',
    );
  });

  it('says so when there is nothing in the range', () => {
    expect(summarySentence(null, value, time)).toBe('No values in this range.');
  });
});

describe('gapsNote', () => {
  it('is empty without gaps', () => {
    expect(gapsNote([], time)).toBe('');
  });

  it('names one gap', () => {
    expect(gapsNote([{ from: 1, to: 2 }], time)).toBe('No data from t1 to t2.');
  });

  it('lists a few gaps', () => {
    expect(
      gapsNote(
        [
          { from: 1, to: 2 },
          { from: 3, to: 4 },
        ],
        time,
      ),
    ).toBe('No data from t1 to t2 and from t3 to t4.');
  });

  it('names the most recent gaps and counts the earlier ones', () => {
    const gaps = Array.from({ length: MAX_GAPS_NAMED + 2 }, (_, i) => ({ from: i * 10, to: i * 10 + 1 }));
    expect(gapsNote(gaps, time)).toBe(
      'No data from t20 to t21, from t30 to t31, from t40 to t41 and 2 earlier times.',
    );
    expect(gapsNote(gaps.slice(0, MAX_GAPS_NAMED + 1), time)).toMatch(/ and 1 earlier time\.$/);
  });
});

describe('chart words in other languages', () => {
  it('sums a chart up in German', async () => {
    await speak('de');
    expect(summarySentence({ min: 1, max: 9, latest: 4, latestTime: 77 }, value, time)).toBe(
      'Tiefstwert v1, Höchstwert v9, zuletzt v4 (t77).',
    );
    expect(summarySentence(null, value, time)).toBe('Keine Werte in diesem Zeitraum.');
  });

  it('lists the gaps in French, counting the earlier ones in the right plural', async () => {
    await speak('fr');
    const gaps = Array.from({ length: MAX_GAPS_NAMED + 2 }, (_, i) => ({ from: i * 10, to: i * 10 + 1 }));
    expect(gapsNote(gaps, time)).toBe(
      'Pas de données de t20 à t21, de t30 à t31, de t40 à t41 et 2 fois plus tôt.',
    );
  });

  it('uses the singular in Spanish for one earlier gap', async () => {
    await speak('es');
    const gaps = Array.from({ length: MAX_GAPS_NAMED + 1 }, (_, i) => ({ from: i * 10, to: i * 10 + 1 }));
    expect(gapsNote(gaps, time)).toBe('Sin datos de t10 a t11, de t20 a t21, de t30 a t31 y 1 vez anterior.');
  });
});

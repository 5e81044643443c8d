import { describe, expect, it } from 'vitest';
import { gapsNote, MAX_GAPS_NAMED, summarySentence } from '../../../../components/chart/chart-text';

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

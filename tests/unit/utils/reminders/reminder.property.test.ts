import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_REMINDER_MINUTES,
  parseReminders,
  REMINDERS_MAX,
  reminderStep,
} from '@/utils/reminders/reminder';

const MIN = 60_000;
const reminder = (endsAt: number) => ({ endsAt, state: 'waiting' as const });

describe('reminderStep: when a reminder rings', () => {
  it('waits until exactly end − N, then checks; ended: dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: MAX_REMINDER_MINUTES }),
        fc.integer({ min: 1, max: 10 * 24 * 60 }),
        fc.integer({ min: -24 * 60, max: 24 * 60 }),
        (now, minutes, leftMinutes, offsetMinutes) => {
          const endsAt = now + leftMinutes * MIN;
          const at = endsAt - minutes * MIN;
          const step = reminderStep(reminder(endsAt), now + offsetMinutes * MIN, minutes, 0);
          const t = now + offsetMinutes * MIN;
          if (t >= endsAt) expect(step).toEqual({ do: 'drop' });
          else if (t < at) expect(step).toEqual({ do: 'wait', at });
          else expect(step).toEqual({ do: 'check' });
        },
      ),
    );
  });

  it('a 429 pause: waits for its end when that is before the listing ends, else "not checked"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), fc.integer({ min: 1, max: 3600 }), (pause, left) => {
        const now = 1e12;
        const step = reminderStep(reminder(now + left * 1000), now, 60, pause);
        expect(step).toEqual(pause < left ? { do: 'wait', at: now + pause * 1000 } : { do: 'unchecked' });
      }),
    );
  });

  it('announced ones ring no more', () => {
    expect(reminderStep({ endsAt: 2 * MIN, state: 'reminded' }, MIN, 5, 0)).toEqual({ do: 'nothing' });
    expect(reminderStep({ endsAt: 2 * MIN, state: 'gone' }, 3 * MIN, 5, 0)).toEqual({ do: 'drop' });
  });
});

describe('parseReminders', () => {
  it('never throws, keeps at most the bound, each id once', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (raw) => {
        const parsed = parseReminders(raw);
        expect(parsed.length).toBeLessThanOrEqual(REMINDERS_MAX);
      }),
    );
    const one = { id: 1, item: 'a', seller: 'b', price: 1, endsAt: 5, state: 'waiting' };
    expect(parseReminders([one, one, { ...one, id: 2, price: Number.NaN }])).toEqual([one]);
    expect(parseReminders(Array.from({ length: 80 }, (_, id) => ({ ...one, id })))).toHaveLength(
      REMINDERS_MAX,
    );
  });
});

// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CheckTimes,
  CheckTimesSchema,
  leastRecentlyChecked,
  withCheck,
} from '@/entrypoints/background/scheduler/rotation';

describe('leastRecentlyChecked', () => {
  it('is the item checked longest ago', () => {
    expect(leastRecentlyChecked(['a', 'b', 'c'], { a: 30, b: 10, c: 20 })).toBe('b');
  });

  it('takes an item never checked (just added) first, in list order', () => {
    expect(leastRecentlyChecked(['a', 'b', 'c'], { a: 30 })).toBe('b');
  });

  it('breaks ties by list order, and is undefined for no items', () => {
    expect(leastRecentlyChecked(['b', 'a'], { a: 5, b: 5 })).toBe('b');
    expect(leastRecentlyChecked([], { a: 5 })).toBeUndefined();
  });

  it('ignores check times of items no longer listed, and odd names', () => {
    expect(leastRecentlyChecked(['__proto__', 'x'], { x: 1 })).toBe('__proto__');
    expect(leastRecentlyChecked(['x'], { gone: 0, x: 1 })).toBe('x');
  });
});

describe('withCheck', () => {
  it('records the check and drops items no longer listed', () => {
    expect(withCheck({ a: 1, gone: 2 }, ['a', 'b'], 'b', 9)).toEqual({ a: 1, b: 9 });
  });
});

describe('a rotation through the items', () => {
  it('checks each of 200 items once per 200 checks', () => {
    const items = Array.from({ length: 200 }, (_, i) => `player${i}`);
    let times: CheckTimes = {};
    const checked = new Map<string, number>();
    for (let at = 0; at < 600; at += 1) {
      const item = leastRecentlyChecked(items, times) as string;
      checked.set(item, (checked.get(item) ?? 0) + 1);
      times = withCheck(times, items, item, at);
    }
    expect(new Set(checked.values())).toEqual(new Set([3]));
  });

  it('after any adds, removals and checks, the next N checks cover the N listed items once each', () => {
    const step = fc.oneof(
      fc.record({ add: fc.string({ minLength: 1, maxLength: 3 }) }),
      fc.record({ remove: fc.nat(30) }),
      fc.constant('check' as const),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        let items = ['a', 'b', 'c'];
        let times: CheckTimes = {};
        let clock = 0;
        const check = () => {
          const item = leastRecentlyChecked(items, times);
          clock += 1;
          if (item !== undefined) times = withCheck(times, items, item, clock);
          return item;
        };
        for (const change of steps) {
          if (change === 'check') check();
          else if ('add' in change) items = items.includes(change.add) ? items : [...items, change.add];
          else items = items.filter((_, index) => index !== change.remove % Math.max(1, items.length));
        }
        const next = items.map(() => check());
        expect([...next].sort()).toEqual([...items].sort());
      }),
    );
  });

  it('check times read back are parsed', () => {
    expect(CheckTimesSchema.safeParse({ a: 1 }).success).toBe(true);
    expect(CheckTimesSchema.safeParse({ a: 'x' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { readParsed } from '@/utils/storage/read-parsed';

const Schema = z.object({ count: z.number() });
const storeOf = (items: Record<string, unknown>) => ({ get: async (key: string) => items[key] });

describe('readParsed', () => {
  it('returns the stored value when it parses', async () => {
    expect(await readParsed(storeOf({ k: { count: 2 } }), 'k', Schema, { count: 0 })).toEqual({ count: 2 });
  });

  it('falls back when nothing is stored or the stored value does not parse', async () => {
    expect(await readParsed(storeOf({}), 'k', Schema, { count: 0 })).toEqual({ count: 0 });
    expect(await readParsed(storeOf({ k: { count: 'two' } }), 'k', Schema, { count: 0 })).toEqual({
      count: 0,
    });
  });
});

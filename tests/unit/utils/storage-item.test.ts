// Specifies utils/storage-item.ts: the storage items the extension keeps, read as WXT's storage wrote them.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineItem, migrateValue, type ValueStore, watchStorage } from '@/utils/storage-item';

beforeEach(() => fakeBrowser.reset());

describe('defineItem', () => {
  it('gives the fallback while nothing is stored, and the value once written', async () => {
    const item = defineItem<string[]>('sync:names', { fallback: [] });
    expect(await item.getValue()).toEqual([]);
    await item.setValue(['Steve']);
    expect(await fakeBrowser.storage.sync.get('names')).toEqual({ names: ['Steve'] });
    expect(await item.getValue()).toEqual(['Steve']);
  });

  it('removes the value when set to null or removed', async () => {
    const item = defineItem<string>('local:key', { fallback: '' });
    await item.setValue('abc');
    await item.setValue(null);
    expect(await fakeBrowser.storage.local.get('key')).toEqual({});
    await item.setValue('abc');
    await item.removeValue();
    expect(await item.getValue()).toBe('');
  });

  it('migrates a value stored at an older version once, and marks the new version', async () => {
    await fakeBrowser.storage.local.set({ settings: { minutes: 2 } });
    const toV2 = vi.fn((v: unknown) => ({ seconds: (v as { minutes: number }).minutes * 60 }));
    const item = defineItem<unknown>('local:settings', { fallback: {}, version: 2, migrations: { 2: toV2 } });
    expect(await item.getValue()).toEqual({ seconds: 120 });
    expect(await item.getMeta()).toEqual({ v: 2 });
    await item.migrate();
    expect(toV2).toHaveBeenCalledTimes(1);
  });

  it('never migrates down: a value a newer version stored is read as it is, and its mark kept on a write', async () => {
    await fakeBrowser.storage.local.set({ settings: { seconds: 60, colour: 'teal' }, settings$: { v: 3 } });
    const toV2 = vi.fn((v: unknown) => v);
    const item = defineItem<unknown>('local:settings', { fallback: {}, version: 2, migrations: { 2: toV2 } });
    expect(await item.getValue()).toEqual({ seconds: 60, colour: 'teal' });
    await item.setValue({ seconds: 90, colour: 'teal' });
    expect(await item.getMeta()).toEqual({ v: 3 });
    expect(toV2).not.toHaveBeenCalled();
  });

  it('marks the version on the first write when nothing was stored', async () => {
    const item = defineItem<unknown>('local:settings', {
      fallback: {},
      version: 2,
      migrations: { 2: (v) => v },
    });
    await item.setValue({ seconds: 60 });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 2 } });
  });

  it('tells watchers of changes in its own area only, with the fallback for an absent value', async () => {
    const item = defineItem<string>('local:key', { fallback: 'none' });
    const seen: [string, string][] = [];
    const stop = item.watch((value, previous) => seen.push([value, previous]));
    await fakeBrowser.storage.sync.set({ key: 'elsewhere' });
    await item.setValue('a');
    await item.removeValue();
    stop();
    await item.setValue('b');
    expect(seen).toEqual([
      ['a', 'none'],
      ['none', 'a'],
    ]);
  });
});

describe('migrateValue', () => {
  const memory = (items: Record<string, unknown>): ValueStore => ({
    get: async (key) => items[key],
    set: async (next) => {
      Object.assign(items, next);
    },
  });
  const versioning = { version: 2, migrations: { 2: (v: unknown) => ({ ...(v as object), two: true }) } };

  it('runs on any store (the scheduler keeps its own): migrates and marks an unmarked value', async () => {
    const items: Record<string, unknown> = { state: { one: true } };
    expect(await migrateValue(memory(items), 'state', versioning)).toBe(2);
    expect(items).toEqual({ state: { one: true, two: true }, state$: { v: 2 } });
  });

  it('gives undefined while nothing is stored, and a newer version as it is, writing nothing', async () => {
    expect(await migrateValue(memory({}), 'state', versioning)).toBeUndefined();
    const items: Record<string, unknown> = { state: { three: true }, state$: { v: 3 } };
    expect(await migrateValue(memory(items), 'state', versioning)).toBe(3);
    expect(items).toEqual({ state: { three: true }, state$: { v: 3 } });
  });
});

describe('watchStorage', () => {
  it('ignores a write of the same value', async () => {
    await fakeBrowser.storage.local.set({ settings: { a: 1 } });
    const callback = vi.fn();
    watchStorage('local:settings', callback);
    await fakeBrowser.storage.local.set({ settings: { a: 1 } });
    await fakeBrowser.storage.local.set({ settings: { a: 2 } });
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith({ a: 2 }, { a: 1 });
  });
});

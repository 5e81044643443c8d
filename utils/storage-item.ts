import { browser } from 'wxt/browser';

/**
 * One value in extension storage, under `local:name` or `sync:name`: the part of WXT's
 * `storage.defineItem` this extension uses, without the 3 kB (gzipped) of the whole library in
 * every page and the background. Stored data is read the same way: versions live beside the value
 * under `name$` as `{ v }`, so settings written by earlier releases migrate as before.
 */
export type StorageKey = `local:${string}` | `sync:${string}`;

export interface Versioning {
  /** The shape's version (1 when never changed); with migrations from older ones. */
  version?: number;
  /** `{ 2: v1 => v2 }`: each step runs once, in order, on the value stored at an older version. */
  migrations?: Readonly<Record<number, (value: unknown) => unknown>>;
}

export interface StorageItemOptions<T> extends Versioning {
  /** What getValue() and watch() give while nothing is stored. */
  fallback: T;
}

export interface StorageItem<T> {
  readonly key: StorageKey;
  readonly fallback: T;
  getValue(): Promise<T>;
  /** null or undefined removes the value. */
  setValue(value: T | null | undefined): Promise<void>;
  removeValue(): Promise<void>;
  /** Called with the new and old value (the fallback when absent) when another write changes it. */
  watch(callback: (value: T, previous: T) => void): () => void;
  /** Runs the migrations the stored value needs (they also start on their own when defined). */
  migrate(): Promise<void>;
  /** The stored version mark, `{ v }` (empty while unversioned). */
  getMeta(): Promise<{ v?: number }>;
}

type AreaName = 'local' | 'sync';

function area(name: AreaName) {
  return browser.storage[name];
}

/** Where the version mark of the value under `name` is kept. */
export const metaKey = (name: string) => `${name}$`;
/** Storage holds JSON: two values are the same when their JSON is (a write of the same value is no change). */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function parseKey(key: StorageKey): { areaName: AreaName; name: string } {
  const separator = key.indexOf(':');
  return { areaName: key.slice(0, separator) as AreaName, name: key.slice(separator + 1) };
}

/** Calls back with the new and old stored value (undefined when absent) when `key` changes. */
export function watchStorage(
  key: StorageKey,
  callback: (value: unknown, previous: unknown) => void,
): () => void {
  const { areaName, name } = parseKey(key);
  // The area's own event (Chrome 73+, Firefox 101+): no other area's writes wake the listener.
  const { onChanged } = area(areaName);
  const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
    const change = changes[name];
    if (!change || same(change.newValue, change.oldValue)) return;
    callback(change.newValue, change.oldValue);
  };
  onChanged.addListener(listener);
  return () => onChanged.removeListener(listener);
}

/** One value under a key, and writes: a storage area seen one key at a time (storageAreaStore). */
export interface ValueStore {
  get(key: string): Promise<unknown>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** A `browser.storage` area as a ValueStore. */
export function storageAreaStore(area: {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}): ValueStore {
  return {
    get: async (key) => (await area.get(key))[key],
    set: (items) => area.set(items),
  };
}

/**
 * Runs the migrations the value under `name` needs, and gives the version it is stored at after
 * them: undefined while nothing is stored, higher than `version` when a newer release wrote it
 * (never migrated down, its mark kept). Items run it before any read; a value kept by hand (the
 * scheduler's state, in its injected store) calls it the same way.
 */
export async function migrateValue(
  store: ValueStore,
  name: string,
  { version = 1, migrations }: Versioning,
): Promise<number | undefined> {
  const [value, mark] = await Promise.all([store.get(name), store.get(metaKey(name))]);
  const meta = (mark ?? {}) as { v?: number };
  if (value == null) return meta.v;
  const current = meta.v ?? 1;
  if (current >= version) return current;
  let next: unknown = value;
  for (let step = current + 1; step <= version; step += 1) next = migrations?.[step]?.(next) ?? next;
  await store.set({ [name]: next, [metaKey(name)]: { ...meta, v: version } });
  return version;
}

export function defineItem<T>(key: StorageKey, options: StorageItemOptions<T>): StorageItem<T> {
  const { areaName, name } = parseKey(key);
  const { fallback, version = 1, migrations } = options;
  // Nothing stored yet and no version mark: the first write marks the current version.
  let needsVersionMark = false;

  const migrate = async () => {
    const stored = await migrateValue(storageAreaStore(area(areaName)), name, options);
    needsVersionMark = stored === undefined && version > 1;
  };
  const migrated = migrations
    ? migrate().catch((error: unknown) => console.error(`Migrating ${key} failed`, error))
    : Promise.resolve();

  return {
    key,
    fallback,
    async getValue() {
      await migrated;
      const value = (await area(areaName).get(name))[name];
      return (value ?? fallback) as T;
    },
    async setValue(value) {
      await migrated;
      if (value == null) {
        await area(areaName).remove(name);
        return;
      }
      const mark = needsVersionMark ? { [metaKey(name)]: { v: version } } : {};
      needsVersionMark = false;
      await area(areaName).set({ [name]: value, ...mark });
    },
    async removeValue() {
      await migrated;
      await area(areaName).remove(name);
    },
    watch(callback) {
      return watchStorage(key, (value, previous) =>
        callback((value ?? fallback) as T, (previous ?? fallback) as T),
      );
    },
    migrate,
    async getMeta() {
      await migrated;
      return ((await area(areaName).get(metaKey(name)))[metaKey(name)] ?? {}) as { v?: number };
    },
  };
}

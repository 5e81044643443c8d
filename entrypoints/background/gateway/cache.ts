import { z } from 'zod/mini';
import type { SessionStore } from './session-store';

/**
 * A cache of replies with an expiry time per entry, mirrored into `storage.session` so that
 * it survives the service worker being stopped. Each entry is stored under its own key
 * (`prefix + key`): a hover card writes one small entry, not the whole cache.
 *
 * Entries carry a tag naming the schema that checks them when they are read back from
 * storage: what comes back from storage is parsed like anything else crossing an edge.
 */

const MAX_CACHE_ENTRIES = 300;
export const CACHE_PREFIX = 'gw:cache:';

const StoredEntrySchema = z.object({
  tag: z.string(),
  value: z.unknown(),
  expiresAt: z.number(),
});
type StoredEntry = z.infer<typeof StoredEntrySchema>;

/** The largest cache entry mirrored into storage.session (real answers are well under 100 kB). */
export const MAX_PERSISTED_ENTRY_CHARS = 512_000;

export interface ReplyCache {
  /** Resolves once the entries saved before a restart are back. */
  readonly ready: Promise<void>;
  get(key: string): unknown;
  set(key: string, tag: string, value: unknown, lifetimeMs: number): void;
  clear(): Promise<void>;
  readonly size: number;
}

export interface ReplyCacheOptions {
  store: SessionStore;
  now: () => number;
  /** The schema for each tag; an entry whose tag is unknown or whose value fails is dropped. */
  schemas: Readonly<Record<string, z.ZodMiniType>>;
  maxEntries?: number;
  prefix?: string;
}

export function createReplyCache(options: ReplyCacheOptions): ReplyCache {
  const { store, now, schemas } = options;
  const maxEntries = options.maxEntries ?? MAX_CACHE_ENTRIES;
  const prefix = options.prefix ?? CACHE_PREFIX;
  const entries = new Map<string, StoredEntry>();
  /** Bumped by clear(): a restore still running when the cache is cleared must not refill it. */
  let epoch = 0;

  function isLive(entry: StoredEntry): boolean {
    return entry.expiresAt > now();
  }

  async function restore(): Promise<void> {
    const started = epoch;
    const stored = await store.entries(prefix);
    if (started !== epoch) return;
    const dead: string[] = [];
    for (const [storageKey, raw] of Object.entries(stored)) {
      const key = storageKey.slice(prefix.length);
      const entry = StoredEntrySchema.safeParse(raw);
      const schema = entry.success ? schemas[entry.data.tag] : undefined;
      const value = entry.success && schema ? schema.safeParse(entry.data.value) : undefined;
      if (!entry.success || !value?.success || !isLive(entry.data) || entries.has(key)) {
        dead.push(storageKey);
        continue;
      }
      entries.set(key, { ...entry.data, value: value.data });
    }
    await store.remove(dead);
  }

  /** Expired entries first, then the oldest, until there is room for one more. */
  function makeRoom(): void {
    const dead: string[] = [];
    for (const [key, entry] of entries) {
      if (!isLive(entry)) {
        entries.delete(key);
        dead.push(prefix + key);
      }
    }
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
      dead.push(prefix + key);
    }
    void store.remove(dead);
  }

  const ready = restore();

  return {
    ready,
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (isLive(entry)) return entry.value;
      entries.delete(key);
      void store.remove([prefix + key]);
      return undefined;
    },
    set(key, tag, value, lifetimeMs) {
      if (!(lifetimeMs > 0)) return;
      entries.delete(key);
      if (entries.size >= maxEntries) makeRoom();
      const entry: StoredEntry = { tag, value, expiresAt: now() + lifetimeMs };
      entries.set(key, entry);
      // A huge answer stays in memory only: a few of them would fill storage.session's quota
      // (10 MB in Chrome), and then the rate-limit pause could no longer be saved there.
      if (JSON.stringify(entry).length <= MAX_PERSISTED_ENTRY_CHARS)
        void store.set({ [prefix + key]: entry });
    },
    async clear() {
      epoch += 1;
      entries.clear();
      const stored = Object.keys(await store.entries(prefix));
      // An entry set while the stored keys were being read is new: keep it.
      await store.remove(stored.filter((storageKey) => !entries.has(storageKey.slice(prefix.length))));
    },
    get size() {
      return entries.size;
    },
  };
}

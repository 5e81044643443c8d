// Specifies utils/storage/data-registry.ts: it names every value the code stores and every
// request it sends, no more and no fewer, so the privacy policy built from it cannot go stale.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_DB_NAME, STORES } from '@/utils/history/schema';
import { HISTORY_DATABASE, REQUESTS_SENT, STORED_VALUES } from '@/utils/storage/data-registry';
import { loadCatalogue } from '../../../fixtures/catalogues';

const ROOT = join(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['utils', 'entrypoints', 'components', 'hooks'];

/** Key-like constants that name no stored value, each with why. */
const NOT_STORAGE: Record<string, string> = {
  'forum:': 'the id prefix of the registered forum content scripts (scripting API), not a stored key',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

interface Found {
  key: string;
  area?: 'local' | 'sync';
  versioned?: boolean;
  where: string;
}

/** Every storage key the code declares: `*_KEY` / `*_PREFIX` constants and defineItem keys. */
function declaredKeys(): Found[] {
  const found: Found[] = [];
  const constants = new Map<string, string>();
  for (const { path, text } of files) {
    if (path === 'utils/storage/data-registry.ts') continue;
    for (const match of text.matchAll(/const (\w+(?:_KEY|_PREFIX)) = '([^']*)'/g)) {
      constants.set(match[1] as string, match[2] as string);
      found.push({ key: match[2] as string, where: `${path} ${match[1]}` });
    }
    for (const match of text.matchAll(/storage\.(?:local|sync|session)\.(?:get|set|remove)\(\s*'([^']+)'/g))
      found.push({ key: match[1] as string, where: path });
  }
  for (const { path, text } of files) {
    for (const match of text.matchAll(/defineItem<[^>]*>\(\s*[`']([a-z]+):([^`']+)[`'],\s*\{([^}]*)\}/g)) {
      const name = (match[2] as string).replace(/^\$\{(\w+)\}$/, (_, constant: string) => {
        const value = constants.get(constant);
        if (value === undefined)
          throw new Error(`${path}: defineItem key ${constant} is not a known constant`);
        return value;
      });
      found.push({
        key: name,
        area: match[1] as 'local' | 'sync',
        versioned: /\bversion:/.test(match[3] as string),
        where: `${path} defineItem`,
      });
    }
  }
  return found.filter((entry) => !(entry.key in NOT_STORAGE));
}

const storage = STORED_VALUES.filter((value) => value.area !== 'indexeddb');

describe('STORED_VALUES', () => {
  const declared = declaredKeys();

  it('finds the keys it checks (the scan still reads the code)', () => {
    expect(declared.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['settings', 'apiKey', 'watch:', 'search:', 'gw:cache:']),
    );
  });

  it('has every key the code declares', () => {
    const missing = declared
      .filter((entry) => !storage.some((value) => value.key === entry.key))
      .map((entry) => `${entry.key} (${entry.where})`);
    expect(missing).toEqual([]);
  });

  it('names no key the code no longer declares', () => {
    const keys = new Set(declared.map((entry) => entry.key));
    expect(storage.filter((value) => !keys.has(value.key)).map((value) => value.id)).toEqual([]);
  });

  it("puts each defineItem value in the item's area, with its version mark when versioned", () => {
    const items = declared.filter((entry) => entry.area !== undefined);
    const wrong = items.filter((entry) => {
      const value = storage.find((candidate) => candidate.key === entry.key);
      return value?.area !== entry.area || (entry.versioned === true && value?.versionMark !== true);
    });
    expect(wrong.map((entry) => entry.where)).toEqual([]);
  });

  it('has every history store, and only those, in the history database', () => {
    expect(HISTORY_DATABASE).toBe(HISTORY_DB_NAME);
    const stores = STORED_VALUES.filter((value) => value.area === 'indexeddb').map((value) => value.key);
    expect(stores.sort()).toEqual(Object.values(STORES).sort());
  });

  it('has unique ids, and keys unique within each area', () => {
    const ids = STORED_VALUES.map((value) => value.id);
    expect(new Set(ids).size).toBe(ids.length);
    const places = STORED_VALUES.map((value) => `${value.area} ${value.key}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('says why each value is kept out of a backup, or only optional or secret', () => {
    const unexplained = STORED_VALUES.filter((value) => value.backup !== 'included' && !value.why);
    expect(unexplained.map((value) => value.id)).toEqual([]);
  });

  it('keeps the API key secret and the history optional', () => {
    const byId = new Map(STORED_VALUES.map((value) => [value.id, value]));
    expect(byId.get('apiKey')?.backup).toBe('secret');
    for (const value of STORED_VALUES.filter((entry) => entry.area === 'indexeddb'))
      expect(value.backup).toBe('optional');
    for (const value of STORED_VALUES.filter((entry) => entry.area === 'session'))
      expect(value.backup).toBe('excluded');
  });
});

describe('REQUESTS_SENT', () => {
  it('has every path the API client asks for, and only those', () => {
    const client = files.find((file) => file.path === 'utils/api/client.ts')?.text ?? '';
    const paths = [...client.matchAll(/path(?::|\s*=)\s*[`']([^`'$?]+)/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(0);
    expect([...new Set(paths)].sort()).toEqual(REQUESTS_SENT.map((request) => request.path).sort());
  });

  it('is all that is sent: the API client is the only code that fetches', () => {
    const fetching = files
      .filter(({ text }) => /\bfetch\(|XMLHttpRequest|sendBeacon|new WebSocket|new EventSource/.test(text))
      .map((file) => file.path);
    expect(fetching.sort()).toEqual(['utils/api/client.ts', 'utils/api/send-request.ts']);
  });
});

describe('the registry’s words', () => {
  it('are in the English catalogue', async () => {
    const english = await loadCatalogue('en');
    const keys = [...STORED_VALUES, ...REQUESTS_SENT].map((entry) => entry.describe);
    expect(keys.filter((key) => !english.has(key.replaceAll('.', '_')))).toEqual([]);
  });
});

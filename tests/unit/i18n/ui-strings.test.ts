// Specifies build/ui-strings.ts, and holds the source to it: no user-visible string left in views.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUiStrings } from '@/build/ui-strings';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Where the extension's code lives; utils/i18n is the catalogue's reader itself. */
const SOURCE_DIRS = ['entrypoints', 'components', 'hooks', 'utils'];
const SKIPPED = /(^|\/)utils\/i18n\/|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !SKIPPED.test(path) ? [path] : [];
  });
}

const texts = (source: string) => findUiStrings(source, 'probe.tsx').map((hit) => hit.text);

describe('findUiStrings', () => {
  it('finds JSX text, read attributes and sentences', () => {
    const source = `
      const a = <p title="Copy the UUID">Online</p>;
      const b = <input aria-label={busy ? 'Saving' : 'Saved'} placeholder="Name" />;
      const c = 'Try again in a minute.';
      const d = \`Check \${what} now\`;
    `;
    expect(texts(source)).toEqual([
      'Copy the UUID',
      'Online',
      'Saving',
      'Saved',
      'Name',
      'Try again in a minute.',
      'Check {} now',
    ]);
  });

  it('leaves code alone: classes, comparisons, keys, imports, types, developer messages', () => {
    const source = `
      import { t } from './Some module';
      type Kind = 'Not found here';
      const a = <p class="player-card__status player-card__status--online" aria-pressed={on ? 'true' : 'false'}>{t('card.watch')}</p>;
      if (state === 'Failed to load') throw new Error('The value is not valid');
      console.warn('Migration of settings failed');
      const b = <span>{count} · {'–'}</span>;
    `;
    expect(texts(source)).toEqual([]);
  });

  it('keeps a literal marked i18n-ignore', () => {
    const source = `
      // i18n-ignore: the product's name is not translated
      const name = 'Network Companion';
      const other = 'Network Companion'; // i18n-ignore: same
    `;
    expect(texts(source)).toEqual([]);
  });
});

describe('the extension source', () => {
  it('writes every user-visible string through the catalogue (locales/)', () => {
    const left = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
      findUiStrings(readFileSync(join(ROOT, file), 'utf8'), relative(ROOT, join(ROOT, file))).map(
        (hit) => `${hit.file}:${hit.line}: ${hit.text}`,
      ),
    );
    expect(left).toEqual([]);
  });
});

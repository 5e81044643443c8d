import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSION_DIR, expect, test } from './fixtures';

interface Manifest {
  commands?: Record<string, { suggested_key?: { default?: string } }>;
}

/**
 * The keyboard shortcut that opens the popup: the manifest's suggestion is really assigned
 * (Chromium silently leaves a suggestion unassigned when it keeps that key for itself).
 */
test('the suggested shortcut opens the popup (_execute_action)', async ({ serviceWorker }) => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const suggested = manifest.commands?._execute_action?.suggested_key?.default;
  expect(suggested).toMatch(/^Alt\+Shift\+[A-Z]$/);
  const commands = await serviceWorker.evaluate(() => chrome.commands.getAll());
  expect(commands).toContainEqual(expect.objectContaining({ name: '_execute_action', shortcut: suggested }));
});

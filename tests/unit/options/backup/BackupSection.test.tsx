// Options, Export and import: a file too large is refused before it is read; the background's
// check says what a file holds, Import sends it with the chosen mode; refusals are one sentence.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupSection } from '@/entrypoints/options/backup/BackupSection';
import { fakeBackground, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { MAX_BACKUP_FILE_BYTES } from '@/utils/limits';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);
const COUNTS = { watched: 150, searches: 30, notes: 412, settings: true, apiKey: false, historyRows: 0 };

function choose(file: File) {
  const input = screen.getByLabelText('Import a backup file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('BackupSection', () => {
  beforeEach(() => {
    ask.mockReset();
  });
  afterEach(cleanup);

  it('previews a file, then imports it with the chosen mode', async () => {
    fakeBackground(ask, {
      'import-backup-status': () => ({ takenAt: null }),
      'preview-backup': () => ({ ok: true, counts: COUNTS }),
      'import-backup': () => ({ ok: true }),
    });
    render(<BackupSection />);
    choose(new File(['{"format":"network-companion-backup"}'], 'backup.json'));
    await screen.findByText(
      'This file holds 150 watched players, 30 saved searches, 412 notes, and your settings.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Replace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported. A copy of your data from before was kept: Restore puts it back.');
    expect(requestsOf(ask, 'import-backup')).toEqual([
      { type: 'import-backup', text: '{"format":"network-companion-backup"}', mode: 'replace' },
    ]);
  });

  it('refuses a file above the limit before reading it, and asks the background nothing', async () => {
    fakeBackground(ask, { 'import-backup-status': () => ({ takenAt: null }) });
    render(<BackupSection />);
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_BACKUP_FILE_BYTES + 1 });
    const read = vi.spyOn(huge, 'text');
    choose(huge);
    await screen.findByText('This file is too large to be a backup (more than 20 MB). Nothing was changed.');
    expect(read).not.toHaveBeenCalled();
    expect(requestsOf(ask, 'preview-backup')).toEqual([]);
  });

  it('says why a file is refused, and offers no Import', async () => {
    fakeBackground(ask, {
      'import-backup-status': () => ({ takenAt: null }),
      'preview-backup': () => ({
        ok: false,
        message: 'This file is not a backup of this extension. Nothing was changed.',
      }),
    });
    render(<BackupSection />);
    choose(new File(['{}'], 'other.json'));
    await screen.findByText('This file is not a backup of this extension. Nothing was changed.');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('offers the copy taken before the last import, and restores it', async () => {
    fakeBackground(ask, {
      'import-backup-status': () => ({ takenAt: Date.UTC(2026, 10, 28, 12) }),
      'restore-import-backup': () => ({ ok: true }),
    });
    render(<BackupSection />);
    fireEvent.click(await screen.findByRole('button', { name: /^Restore the copy from / }));
    await screen.findByText('Your data from before the import is back.');
  });

  it('exports with the choices ticked', async () => {
    fakeBackground(ask, {
      'import-backup-status': () => ({ takenAt: null }),
      'export-backup': () => ({ ok: true, text: '{}', fileName: 'network-companion-2026-11-28.json' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render(<BackupSection />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Include my API key/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    await screen.findByText('Saved as network-companion-2026-11-28.json.');
    await waitFor(() =>
      expect(requestsOf(ask, 'export-backup')).toEqual([
        { type: 'export-backup', optional: false, secret: true },
      ]),
    );
  });
});

// Options, Export and import: a file too large is refused before it is read; the check says what
// a file holds, Import sends it with the chosen mode; refusals are one sentence.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupSection } from '@/entrypoints/options/backup/BackupSection';
import * as actions from '@/entrypoints/options/backup/backup-actions';
import { MAX_BACKUP_FILE_BYTES } from '@/utils/limits';

vi.mock('@/entrypoints/options/backup/backup-actions', () => ({
  copyTakenAt: vi.fn(),
  exportFile: vi.fn(),
  importFile: vi.fn(),
  previewFile: vi.fn(),
  restoreCopy: vi.fn(),
}));
const mocked = vi.mocked(actions);
const COUNTS = { watched: 150, searches: 30, notes: 412, settings: true, apiKey: false, historyRows: 0 };

function choose(file: File) {
  const input = screen.getByLabelText('Import a backup file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('BackupSection', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    mocked.copyTakenAt.mockResolvedValue(null);
  });
  afterEach(cleanup);

  it('previews a file, then imports it with the chosen mode', async () => {
    mocked.previewFile.mockReturnValue({ ok: true, counts: COUNTS });
    mocked.importFile.mockResolvedValue({ ok: true });
    render(<BackupSection />);
    choose(new File(['{"format":"network-companion-backup"}'], 'backup.json'));
    await screen.findByText(
      'This file holds 150 watched players, 30 saved searches, 412 notes, and your settings.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Replace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported. A copy of your data from before was kept: Restore puts it back.');
    expect(mocked.importFile.mock.calls).toEqual([['{"format":"network-companion-backup"}', 'replace']]);
  });

  it('refuses a file above the limit before reading it', async () => {
    render(<BackupSection />);
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_BACKUP_FILE_BYTES + 1 });
    const read = vi.spyOn(huge, 'text');
    choose(huge);
    await screen.findByText('This file is too large to be a backup (more than 20 MB). Nothing was changed.');
    expect(read).not.toHaveBeenCalled();
    expect(mocked.previewFile).not.toHaveBeenCalled();
  });

  it('says why a file is refused, and offers no Import', async () => {
    mocked.previewFile.mockReturnValue({
      ok: false,
      message: 'This file is not a backup of this extension. Nothing was changed.',
    });
    render(<BackupSection />);
    choose(new File(['{}'], 'other.json'));
    await screen.findByText('This file is not a backup of this extension. Nothing was changed.');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('offers the copy taken before the last import, and restores it', async () => {
    mocked.copyTakenAt.mockResolvedValue(Date.UTC(2026, 10, 28, 12));
    mocked.restoreCopy.mockResolvedValue({ ok: true });
    render(<BackupSection />);
    fireEvent.click(await screen.findByRole('button', { name: /^Restore the copy from / }));
    await screen.findByText('Your data from before the import is back.');
  });

  it('exports with the choices ticked', async () => {
    mocked.exportFile.mockResolvedValue({
      ok: true,
      text: '{}',
      fileName: 'network-companion-2026-11-28.json',
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render(<BackupSection />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Include my API key/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    await screen.findByText('Saved as network-companion-2026-11-28.json.');
    expect(mocked.exportFile.mock.calls).toEqual([[{ optional: false, secret: true }]]);
  });
});

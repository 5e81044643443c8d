import { useEffect, useRef, useState } from 'preact/hooks';
import type { Status } from '@/components/StatusMessage';
import { StatusMessage } from '@/components/StatusMessage';
import { t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';
import { MAX_BACKUP_FILE_BYTES } from '@/utils/limits';
import { CheckField } from '../CheckField';
import { Hint } from '../Hint';
import { OptionsSection } from '../OptionsSection';
import {
  type BackupCounts,
  copyTakenAt,
  exportFile,
  importFile,
  previewFile,
  restoreCopy,
} from './backup-actions';
import { previewText } from './preview-text';

type Mode = 'replace' | 'merge';
/** A file read and checked by the background, waiting for Import. */
interface Pending {
  text: string;
  counts: BackupCounts;
}

/** Saves the text as a file through a download link (no `downloads` permission needed). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has the blob by now; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const refused = (message: string): Status => ({ tone: 'error', text: message });

/**
 * Export and import (utils/backup/, through backup-actions.ts): Export writes one file; Import
 * reads one, checks it whole and says what it holds, then Replace or Merge it
 * on a click; the copy kept before the last import can be put back. A file too large is refused
 * before it is read. Every refusal is one sentence and changes nothing.
 */
export function BackupSection() {
  const [optional, setOptional] = useState(false);
  const [secret, setSecret] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [mode, setMode] = useState<Mode>('merge');
  const [busy, setBusy] = useState(false);
  const [takenAt, setTakenAt] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const readStatus = () => copyTakenAt().then(setTakenAt, () => setTakenAt(null));
  useEffect(() => {
    void readStatus();
  }, []);

  const run = async (busyText: string, work: () => Promise<Status | null>) => {
    if (busy) return;
    setBusy(true);
    setStatus({ tone: 'busy', text: busyText });
    try {
      setStatus(await work());
    } catch {
      setStatus(refused(t('options.backup.importFailed')));
    } finally {
      setBusy(false);
    }
  };

  const exportNow = () =>
    run(t('options.backup.exporting'), async () => {
      const reply = await exportFile({ optional, secret });
      if (!reply.ok) return refused(reply.message);
      download(reply.text, reply.fileName);
      return { tone: 'success', text: t('options.backup.exported', { file: reply.fileName }) };
    });

  const chooseFile = (file: File | undefined) => {
    setPending(null);
    if (!file) return;
    // Refused before it is read: a file this large is no backup, and reading it would stall the page.
    if (file.size > MAX_BACKUP_FILE_BYTES) {
      setStatus(refused(t('options.backup.refused.tooLarge', { max: MAX_BACKUP_FILE_BYTES / 1024 / 1024 })));
      return;
    }
    void run(t('options.backup.reading'), async () => {
      const text = await file.text();
      const reply = previewFile(text);
      if (!reply.ok) return refused(reply.message);
      setPending({ text, counts: reply.counts });
      return null;
    });
  };

  const importNow = () => {
    if (!pending) return;
    void run(t('options.backup.importing'), async () => {
      const reply = await importFile(pending.text, mode);
      if (!reply.ok) return refused(reply.message);
      setPending(null);
      if (fileInput.current) fileInput.current.value = '';
      await readStatus();
      return { tone: 'success', text: t('options.backup.imported') };
    });
  };

  const restore = () =>
    run(t('options.backup.importing'), async () => {
      const reply = await restoreCopy();
      return reply.ok ? { tone: 'success', text: t('options.backup.restored') } : refused(reply.message);
    });

  const takenAtText =
    takenAt === null
      ? ''
      : new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(takenAt);
  return (
    <OptionsSection name="backup" heading={t('options.backup.heading')}>
      <p>{t('options.backup.intro')}</p>
      <CheckField
        id="backup-optional"
        label={t('options.backup.includeHistory')}
        checked={optional}
        onChange={setOptional}
      />
      <CheckField
        id="backup-secret"
        label={t('options.backup.includeKey')}
        checked={secret}
        onChange={setSecret}
      />
      <div class="field">
        <button type="button" class="button" onClick={exportNow} aria-disabled={busy ? 'true' : undefined}>
          {t('options.backup.exportButton')}
        </button>
      </div>
      <div class="field">
        <label for="backup-file" class="field-label">
          {t('options.backup.importLabel')}
        </label>
        <input
          ref={fileInput}
          id="backup-file"
          type="file"
          accept=".json,application/json"
          onChange={(event) => chooseFile(event.currentTarget.files?.[0])}
        />
      </div>
      {pending && (
        <div class="backup-preview">
          <p id="backup-preview">{previewText(pending.counts)}</p>
          <fieldset class="field" aria-describedby="backup-preview">
            <legend class="field-label">{t('options.backup.modeLegend')}</legend>
            {(['merge', 'replace'] as const).map((option) => (
              <div key={option} class="field field--check">
                <input
                  id={`backup-mode-${option}`}
                  type="radio"
                  name="backup-mode"
                  checked={mode === option}
                  aria-describedby={`backup-mode-${option}-help`}
                  onChange={() => setMode(option)}
                />
                <label for={`backup-mode-${option}`}>{t(`options.backup.${option}`)}</label>
                <Hint id={`backup-mode-${option}-help`}>{t(`options.backup.${option}Help`)}</Hint>
              </div>
            ))}
          </fieldset>
          <button
            type="button"
            class="button button--primary"
            onClick={importNow}
            aria-disabled={busy ? 'true' : undefined}
          >
            {t('options.backup.importButton')}
          </button>
        </div>
      )}
      {takenAt !== null && (
        <div class="field">
          <button
            type="button"
            class="button"
            onClick={restore}
            aria-describedby="backup-restore-help"
            aria-disabled={busy ? 'true' : undefined}
          >
            {t('options.backup.restoreButton', { time: takenAtText })}
          </button>
          <Hint id="backup-restore-help">{t('options.backup.restoreHelp')}</Hint>
        </div>
      )}
      <StatusMessage status={status} id="backup-status" />
    </OptionsSection>
  );
}

import type { BackupCounts } from '@/utils/backup/backup-file';
import { plural, t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';

/** "This file holds 150 watched players, 30 saved searches, 412 notes and your settings." */
export function previewText(counts: BackupCounts): string {
  const parts: string[] = [];
  if (counts.watched > 0) parts.push(plural('options.backup.previewWatched', counts.watched));
  if (counts.searches > 0) parts.push(plural('options.backup.previewSearches', counts.searches));
  if (counts.notes > 0) parts.push(plural('options.backup.previewNotes', counts.notes));
  if (counts.historyRows > 0) parts.push(plural('options.backup.previewHistory', counts.historyRows));
  if (counts.settings) parts.push(t('options.backup.previewSettings'));
  if (counts.apiKey) parts.push(t('options.backup.previewKey'));
  if (parts.length === 0) return t('options.backup.previewNothing');
  const what = new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(parts);
  return t('options.backup.preview', { what });
}

/** The export file's format name and version: no imports, so a test harness outside the extension reads them too. */
export const BACKUP_FORMAT = 'network-companion-backup';
/** The file format's version: 1. A new version adds a step to BACKUP_MIGRATIONS (backup-file.ts). */
export const BACKUP_VERSION = 1;

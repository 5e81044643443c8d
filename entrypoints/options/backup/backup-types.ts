import type { ReplyFor } from '@/utils/messages';

/** What a backup file holds, as the preview reply says (type only: no zod in the page's first paint). */
export type BackupCounts = Extract<ReplyFor<'preview-backup'>, { ok: true }>['counts'];

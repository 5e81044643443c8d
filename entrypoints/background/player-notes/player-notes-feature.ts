import { t } from '@/utils/i18n/translate';
import type { MessageHandlers } from '@/utils/messages';
import { getNote, getNotes, setNote } from '@/utils/player-notes/note-store';

/**
 * Tags and notes on players: the answers to `player-notes`, `player-note` and `set-player-note`
 * (utils/messages.ts). The store decides where a note goes (sync, or this browser past sync's
 * room: utils/player-notes/note-store.ts); a failed write is said in words.
 */
export function playerNoteHandlers(
  now: () => number,
): Pick<MessageHandlers, 'player-notes' | 'player-note' | 'set-player-note'> {
  return {
    'player-notes': () => getNotes(),
    'player-note': async ({ uuid }) => {
      const note = await getNote(uuid);
      return note ? { note } : {};
    },
    'set-player-note': async ({ uuid, name, tag, note }) => {
      try {
        return { ok: true, saved: await setNote(uuid, { name, tag, note }, now()) };
      } catch {
        return { ok: false, message: t('common.notes.notSaved') };
      }
    },
  };
}

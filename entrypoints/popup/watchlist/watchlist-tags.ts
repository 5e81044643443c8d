import type { NotesByUuid } from '@/hooks/use-player-notes';
import type { WatchlistEntry } from '@/utils/messages';

/** The tag labels the watched players carry, once each (case as first seen), in the UI's order. */
export function tagLabels(players: readonly WatchlistEntry[], notes: NotesByUuid): string[] {
  const labels = new Map<string, string>();
  for (const entry of players) {
    const label = notes[entry.uuid]?.tag?.label;
    if (label !== undefined && !labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
  }
  return [...labels.values()].sort((a, b) => a.localeCompare(b));
}

/** The players tagged `label` (any case); '' keeps everyone. */
export function withTag(
  players: readonly WatchlistEntry[],
  notes: NotesByUuid,
  label: string,
): WatchlistEntry[] {
  if (label === '') return [...players];
  const wanted = label.toLowerCase();
  return players.filter((entry) => notes[entry.uuid]?.tag?.label.toLowerCase() === wanted);
}

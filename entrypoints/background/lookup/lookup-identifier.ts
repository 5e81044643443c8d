import { parseIdentifier } from '@/utils/api/identifiers';

/**
 * Text from outside (a selection, a link's text, what was typed in the address bar) → the
 * identifier to look up, or null when it could not be a game name or UUID: trimmed, 3–16 name
 * characters, or a UUID with or without dashes (utils/api/identifiers.ts decides).
 */
export function lookupIdentifier(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const parsed = parseIdentifier(text);
  return parsed.ok ? parsed.value : null;
}

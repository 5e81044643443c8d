import { t } from '../i18n/translate';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN, UNDASHED_UUID_PATTERN } from '../patterns';

export function isGameName(text: string): boolean {
  return GAME_NAME_PATTERN.test(text);
}

export type IdentifierKind = 'name' | 'uuid';

export type ParsedIdentifier =
  | { ok: true; kind: IdentifierKind; value: string }
  | { ok: false; message: string };

/** "Enter a player name or a UUID." in the UI language. */
export function emptyIdentifierMessage(): string {
  return t('errors.identifier.empty');
}

/** "Enter a player name (3–16 letters, digits or _) or a UUID." in the UI language. */
export function invalidIdentifierMessage(): string {
  return t('errors.identifier.invalid');
}

/** `0123456789abcdef…` or `0123ABCD-…` → `01234567-89ab-cdef-…` (lower-case, dashed). */
function toDashedLowerCase(hex32: string): string {
  const hex = hex32.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What the user typed → a player identifier the API accepts. Game names keep their case
 * (the server decides whether names are case-sensitive); UUIDs always come out dashed and
 * lower-case, whichever form they went in.
 */
export function parseIdentifier(input: string): ParsedIdentifier {
  const text = input.trim();
  if (text === '') return { ok: false, message: emptyIdentifierMessage() };
  if (isGameName(text)) return { ok: true, kind: 'name', value: text };
  if (DASHED_UUID_PATTERN.test(text)) {
    return { ok: true, kind: 'uuid', value: toDashedLowerCase(text.replaceAll('-', '')) };
  }
  if (UNDASHED_UUID_PATTERN.test(text)) return { ok: true, kind: 'uuid', value: toDashedLowerCase(text) };
  return { ok: false, message: invalidIdentifierMessage() };
}

/** A valid game name: 3 to 16 letters, digits or underscores. */
export const GAME_NAME_PATTERN = /^[A-Za-z0-9_]{3,16}$/;

export function isGameName(text: string): boolean {
  return GAME_NAME_PATTERN.test(text);
}

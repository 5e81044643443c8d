/** The longest message an error may carry (`bad-response.detail`, `bad-request.message`). */
export const MAX_MESSAGE_LENGTH = 200;

/**
 * Text from the network made fit to show: control characters and runs of white space become
 * one space, ends are trimmed, and anything past `max` characters is cut with an ellipsis.
 */
export function shortText(text: string, max = MAX_MESSAGE_LENGTH): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const clean = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // Never cut between the two halves of a surrogate pair (an emoji would become �).
  return `${clean
    .slice(0, max - 1)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd()}…`;
}

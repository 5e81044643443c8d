/** A plain number as the server writes it: `886.35`, `12,500`, `1234.5` (docs/api-spec.md). */
const PLAIN_NUMBER = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/**
 * The server's short form of a price (`formatted_price`) to show beside the full one, or null
 * when it says nothing more: empty, or the same number in the server's notation (`886.35`
 * beside German `886,35`). A shortened form (`12.5k`) or any other text is shown as it came.
 */
export function shortPriceNote(formatted: string, price: number): string | null {
  const text = formatted.trim();
  if (text === '') return null;
  if (PLAIN_NUMBER.test(text) && Number(text.replaceAll(',', '')) === price) return null;
  return text;
}

/**
 * Address-bar suggestion descriptions. Chrome parses them as XML (`<match>`, `<dim>`, `<url>`;
 * a stray `<` or `&` breaks the line); Firefox shows them as plain text (an escaped `&amp;`
 * would show as such). So descriptions are built as segments and written for the browser
 * at hand: escaped and tagged where they are markup, as they are where they are not.
 */

export type SegmentStyle = 'match' | 'dim';

export interface Segment {
  text: string;
  style?: SegmentStyle;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** A character XML 1.0 allows (even escaped, it forbids most C0 controls, lone surrogates, U+FFFE/F). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Text as XML character data: the five entities escaped, characters XML forbids replaced (U+FFFD). */
export function escapeXml(text: string): string {
  let out = '';
  // Code point by code point: a surrogate pair is one character, a lone surrogate is its own.
  for (const char of text) {
    out += isXmlChar(char.codePointAt(0) ?? 0) ? (XML_ENTITIES[char] ?? char) : '\uFFFD';
  }
  return out;
}

/** The description for the address bar: XML when `markup`, plain text otherwise. */
export function renderDescription(segments: readonly Segment[], markup: boolean): string {
  return segments
    .map(({ text, style }) => {
      if (!markup) return text;
      const escaped = escapeXml(text);
      return style === undefined || escaped === '' ? escaped : `<${style}>${escaped}</${style}>`;
    })
    .join('');
}

/**
 * Whether this browser reads omnibox descriptions as markup. Gecko shows them as plain text,
 * Chromium parses XML; `runtime.getBrowserInfo` is a Gecko-only API, so its absence is the
 * capability check (no user-agent sniffing).
 */
export function omniboxDescriptionsAreMarkup(runtime: object): boolean {
  return typeof (runtime as { getBrowserInfo?: unknown }).getBrowserInfo !== 'function';
}

import type { CSSProperties } from 'preact';
import { parseColourCodes, type Segment } from '../utils/colour-codes';
import './rank-text.css';
import { t } from '../utils/i18n/translate';
import { themeColours } from './theme-colours';

export interface RankTextProps {
  /** Text with `&` colour codes, e.g. `rank.display`. Shown as text, never as markup. */
  text: string;
  /** Extra class names for the root element. */
  class?: string;
}

function segmentStyle(segment: Segment): CSSProperties {
  const style: CSSProperties = {};
  if (segment.hex !== null) {
    // Both variants are computed here; rank-text.css picks one per theme through --rank-c.
    // Without the stylesheet the light variant applies.
    const readable = themeColours(segment.hex);
    style['--rank-c-light'] = readable.light;
    style['--rank-c-dark'] = readable.dark;
    style.color = 'var(--rank-c, var(--rank-c-light))';
  }
  if (segment.bold) style.fontWeight = 'bold';
  if (segment.italic) style.fontStyle = 'italic';
  const decorations = [segment.underline ? 'underline' : '', segment.strikethrough ? 'line-through' : '']
    .filter((d) => d !== '')
    .join(' ');
  if (decorations !== '') style.textDecoration = decorations;
  return style;
}

function segmentClass(segment: Segment): string | undefined {
  const classes = [segment.hex !== null ? 'rank-text__c' : '', segment.obfuscated ? 'rank-text__obf' : '']
    .filter((c) => c !== '')
    .join(' ');
  return classes === '' ? undefined : classes;
}

/**
 * Text with legacy colour codes (docs/api-spec.md §2.4) as styled `<span>`s: colour, bold, italic,
 * underline and strikethrough; obfuscated (`&k`) text is shown as is with a tooltip. The
 * codes themselves never show, and the text is rendered as text nodes only.
 *
 * Colours: each coloured span gets `--rank-c-light` / `--rank-c-dark`, the code's colour
 * adjusted to ≥ 4.5:1 on the light (#ffffff) and dark (#1b1b1f) backgrounds, and
 * rank-text.css selects one by `prefers-color-scheme`.
 *
 * Accessibility: the spans are plain inline text, so a screen reader reads the rank as the
 * words it shows (no codes, no role). An image role with a label was tried and dropped: it
 * made screen readers announce 'ADMIN, image'.
 */
export function RankText({ text, class: className }: RankTextProps) {
  const segments = parseColourCodes(text);
  const rootClass = className ? `rank-text ${className}` : 'rank-text';
  const children = segments.map((segment, index) => (
    <span
      // Segments are positional and re-derived from `text` on every render.
      key={index}
      class={segmentClass(segment)}
      style={segmentStyle(segment)}
      title={segment.obfuscated ? t('card.rank.obfuscated') : undefined}
    >
      {segment.text}
    </span>
  ));
  return <span class={rootClass}>{children}</span>;
}

/**
 * Where the hover card goes, in viewport pixels: below its name, left edges aligned; above it
 * when it overflows below and there is more room above; moved sideways to stay `padding` px
 * inside the viewport. Written out (twenty lines) rather than Floating UI, whose core was a
 * quarter of the card's bundle for the three rules used (bench/README.md, card UI size).
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export function placeCard(
  name: Box,
  card: Size,
  viewport: Size,
  gap: number,
  padding: number,
): { x: number; y: number } {
  const below = name.y + name.height + gap;
  const above = name.y - gap - card.height;
  const overflowBelow = below + card.height - (viewport.height - padding);
  const overflowAbove = padding - above;
  const y = overflowBelow > 0 && overflowAbove < overflowBelow ? above : below;
  const maxX = viewport.width - padding - card.width;
  const x = Math.max(padding, Math.min(name.x, maxX));
  return { x, y };
}

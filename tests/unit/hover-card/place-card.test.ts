// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { placeCard } from '@/entrypoints/hover-card/place-card';

const VIEWPORT = { width: 1000, height: 800 };
const CARD = { width: 300, height: 200 };
const GAP = 6;
const PAD = 8;
const name = (x: number, y: number) => ({ x, y, width: 80, height: 20 });

describe('placeCard', () => {
  it('goes below the name, left edges aligned', () => {
    expect(placeCard(name(100, 100), CARD, VIEWPORT, GAP, PAD)).toEqual({ x: 100, y: 126 });
  });

  it('flips above when it would overflow below and there is room above', () => {
    expect(placeCard(name(100, 700), CARD, VIEWPORT, GAP, PAD)).toEqual({ x: 100, y: 494 });
  });

  it('stays below when neither side fits but below overflows less', () => {
    const tall = { width: 300, height: 700 };
    expect(placeCard(name(100, 60), tall, VIEWPORT, GAP, PAD).y).toBe(86);
  });

  it('moves sideways to stay inside the viewport, never past its left padding', () => {
    expect(placeCard(name(900, 100), CARD, VIEWPORT, GAP, PAD).x).toBe(1000 - PAD - 300);
    expect(placeCard(name(-50, 100), CARD, VIEWPORT, GAP, PAD).x).toBe(PAD);
    expect(placeCard(name(100, 100), { width: 2000, height: 10 }, VIEWPORT, GAP, PAD).x).toBe(PAD);
  });
});

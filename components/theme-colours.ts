import { readableOn } from '../utils/colour-codes';

export interface ThemeColours {
  light: string;
  dark: string;
}

/** Worked out once per colour a page shows: pure, and a card's accent and rank share theirs. */
const worked = new Map<string, ThemeColours>();

/**
 * `hex` made readable on each theme's background (readableOn). The card's accent and its rank
 * text are the same colour: worked out once, not once for each (issue 35, the card's one frame).
 */
export function themeColours(hex: string): ThemeColours {
  let colours = worked.get(hex);
  if (colours === undefined) {
    colours = { light: readableOn(hex, 'light'), dark: readableOn(hex, 'dark') };
    worked.set(hex, colours);
  }
  return colours;
}

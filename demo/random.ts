/** A small seeded PRNG (mulberry32) and the few helpers the demo data needs. Deterministic per seed. */

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max], both inclusive. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

export function weightedPick<T>(random: Random, items: readonly { value: T; weight: number }[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item.value;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error('weightedPick() from an empty list');
  return last.value;
}

/** A value spread evenly on a log scale between min and max (prices, balances). */
export function logUniform(random: Random, min: number, max: number): number {
  return Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
}

/** A version-4-shaped, dashed, lower-case UUID drawn from the PRNG. */
export function randomUuid(random: Random): string {
  const hex: string[] = [];
  for (let i = 0; i < 32; i++) hex.push(Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(random() * 4) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

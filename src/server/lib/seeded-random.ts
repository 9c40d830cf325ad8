/**
 * Repeatable made-up data for the demo and the bench: a small seedable generator (mulberry32), so
 * a given seed gives the same rows, and the two ways of drawing from a list.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Any item, each as likely. */
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** An item by its weight (the tuple's second value). */
export function weighted<T extends [unknown, number, ...unknown[]]>(random: Random, list: readonly T[]): T {
  const total = list.reduce((sum, item) => sum + item[1], 0);
  let roll = random() * total;
  for (const item of list) if ((roll -= item[1]) < 0) return item;
  return list[list.length - 1]!;
}

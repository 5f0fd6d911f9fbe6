/** A deterministic pseudo-random generator (mulberry32): generated test sets and fuzz runs reproduce. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draws a generator makes from one stream: an item of a list, a yes with chance `p`, a number in [a, b). */
export function randomDraws(random: () => number) {
  return {
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!,
    chance: (p: number) => random() < p,
    between: (a: number, b: number) => a + random() * (b - a),
  };
}

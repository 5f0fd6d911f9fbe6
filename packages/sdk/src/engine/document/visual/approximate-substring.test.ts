import { seededRandom } from '@idlens/test-support/seeded-random.ts';
import { describe, expect, it } from 'vitest';
import { approximateSubstring } from './approximate-substring.ts';

/** Sellers' programme written plainly, fresh columns for every text position: what the engine's must equal. */
function plainSellers(text: string, pattern: string, k: number): { start: number; end: number } | null {
  const m = pattern.length;
  let cost = Array.from({ length: m + 1 }, (_, i) => i);
  let from = new Array<number>(m + 1).fill(0);
  let best: { start: number; end: number; cost: number } | null = null;
  for (let j = 1; j <= text.length; j++) {
    const next = [0];
    const nextFrom = [j];
    for (let i = 1; i <= m; i++) {
      const substitute = cost[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1);
      const insert = cost[i]! + 1;
      const remove = next[i - 1]! + 1;
      const c = Math.min(substitute, insert, remove);
      next.push(c);
      nextFrom.push(c === substitute ? from[i - 1]! : c === insert ? from[i]! : nextFrom[i - 1]!);
    }
    cost = next;
    from = nextFrom;
    if (cost[m]! <= k && (!best || cost[m]! < best.cost)) best = { start: from[m]!, end: j, cost: cost[m]! };
  }
  return best ? { start: best.start, end: best.end } : null;
}

describe('approximateSubstring', () => {
  it('finds a label read with a wrong, a missing and an extra letter, and where it lies', () => {
    expect(approximateSubstring('XXNATONALITYYY', 'NATIONALITY', 2)).toEqual({ start: 2, end: 12 });
    expect(approximateSubstring('GIVENBAMES', 'GIVENNAMES', 2)).toEqual({ start: 0, end: 10 });
    expect(approximateSubstring('SURNAME', 'NATIONALITY', 2)).toBeNull();
    expect(approximateSubstring('ÉTATCIVIL', 'ETATCIVIL', 1)).toEqual({ start: 0, end: 9 });
    // A pattern longer than the columns kept so far: they grow.
    const long = 'ABCDEFGHIJ'.repeat(10);
    expect(approximateSubstring(`XX${long.slice(0, 50)}Z${long.slice(51)}YY`, long, 3)).toEqual({ start: 2, end: 102 });
  });

  it('answers as the plain programme does on random lines and labels, over few and many letters', () => {
    for (const [seed, alphabet] of [
      [1, 'AB'],
      [2, 'ABCDE'],
      [3, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
      [4, 'AÉBØ'],
    ] as const) {
      const random = seededRandom(seed);
      const word = (most: number) => Array.from({ length: Math.floor(random() * most) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      for (let n = 0; n < 2000; n++) {
        const text = word(40);
        // Half the patterns cut from the text and changed a little, so that matches within k occur.
        const cut = random() < 0.5 && text.length > 3 ? text.slice(Math.floor(random() * 3), 3 + Math.floor(random() * 20)) : word(20);
        const pattern = cut.length > 1 && random() < 0.5 ? cut.slice(0, -1) + alphabet[0] : cut;
        const k = Math.floor(random() * 4);
        expect(approximateSubstring(text, pattern, k), `${text} / ${pattern} / ${k}`).toEqual(plainSellers(text, pattern, k));
      }
    }
  });
});

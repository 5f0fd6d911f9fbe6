import type { DigitLine } from './find-card-number.ts';

/**
 * The card security code: on the back, a group of exactly 3 digits standing alone (usually after
 * the last 4 digits of the number in the signature panel); on an American Express front, 4 digits
 * standing alone above the number. Lines that are dates or longer numbers never give one; the surest
 * group of the right length wins.
 */
export function findCvv(lines: readonly DigitLine[], length: 3 | 4, exclude: ReadonlySet<number> = new Set()): { cvv: string; line: number } | null {
  let best: { cvv: string; line: number; confidence: number } | null = null as { cvv: string; line: number; confidence: number } | null;
  lines.forEach((line, index) => {
    if (exclude.has(index)) return;
    const groups = [...line.text.matchAll(/\d+/g)];
    // A line with a date separator or letters around digits is something else (expiry, phone…).
    if (/[/\\]/.test(line.text)) return;
    const candidates = groups.length === 1 ? groups : groups.length === 2 && groups[0]![0].length === 4 ? [groups[1]!] : [];
    for (const g of candidates) {
      if (g[0].length !== length) continue;
      const confidence = Math.min(...line.confidences.slice(g.index!, g.index! + length));
      if (confidence >= 0.7 && (!best || confidence > best.confidence)) best = { cvv: g[0], line: index, confidence };
    }
  });
  return best ? { cvv: best.cvv, line: best.line } : null;
}

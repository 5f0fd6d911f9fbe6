import { cardholderStopWords } from './cardholder-stop-words.ts';
import type { CardTextLine } from './parse-expiry.ts';

export interface NameLine extends CardTextLine {
  confidence: number;
  /** Read with a character lost (`skipsACharacter`): a name that must not be returned. */
  skipsACharacter?: boolean;
}

/** Longest name ISO/IEC 7813 allows on track 1, and the fewest letters a name line has. */
const maxNameLength = 26;
const minLetters = 4;

/**
 * The cardholder's name among the card's lines: two to five words of Latin letters (and . ' -),
 * none of them a bank, network, tier or label word, read with confidence. Lines below the number
 * are preferred (embossed and printed names sit there); the surest such line wins — unless it was
 * read with a character lost, when no name is returned (not the next line, which is not the name).
 */
export function pickCardholderName<L extends NameLine>(lines: readonly L[], numberLineY: number | null, minConfidence = 0.8): { name: string; line: L } | null {
  let best: { name: string; line: L; score: number } | null = null;
  for (const line of lines) {
    const name = line.text.toUpperCase().replace(/\s+/g, ' ').trim();
    if (!/^[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ.'\- ]*[A-ZÀ-ÖØ-Þ.]$/.test(name)) continue;
    const words = name.split(' ');
    if (words.length < 2 || words.length > 5 || name.length > maxNameLength) continue;
    if (name.replace(/[^A-ZÀ-ÖØ-Þ]/g, '').length < minLetters) continue;
    if (words.some((w) => cardholderStopWords.has(w.replace(/[.'-]/g, '')))) continue;
    // A "word" of one letter is an initial; a line of initials only is a logo or noise.
    if (words.filter((w) => w.replace(/\./g, '').length >= 2).length < 1) continue;
    if (line.confidence < minConfidence) continue;
    const below = numberLineY !== null && line.y > numberLineY ? 1 : 0;
    const score = below + line.confidence;
    if (!best || score > best.score) best = { name, line, score };
  }
  return best && !best.line.skipsACharacter ? { name: best.name, line: best.line } : null;
}

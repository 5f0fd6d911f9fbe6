import { isCompatibleGrouping, isKnownGrouping, maxCardNumberLength, minCardNumberLength } from './card-number-formats.ts';
import { matchIin } from './iin-ranges.ts';
import { luhnValid } from './luhn.ts';

/** A line read restricted to digits and spaces, with each character's confidence. */
export interface DigitLine {
  text: string;
  confidences: readonly number[];
  /** The recognizer's next-best digits per character (aligned with `text`), for Luhn-guided repair. */
  alternatives?: ReadonlyArray<ReadonlyArray<{ char: string; p: number }>>;
}

/**
 * Luhn-guided repair: the one character read with less than `maxConfidence` (all others above it)
 * may be replaced by an alternative the recognizer gave at least `minAlternative` probability — only when exactly one such
 * replacement makes the number valid. Confident characters are never changed, so a repair cannot
 * turn a clearly read wrong number into a "valid" one.
 */
export const repairLimits = { maxConfidence: 0.9, minAlternative: 0.15 } as const;

export interface CardNumberCandidate {
  number: string;
  valid: boolean;
  /** Index of the line it was read from. */
  line: number;
  /** Printed group sizes. */
  groups: number[];
  /** Lowest character confidence. */
  minConfidence: number;
  /** One uncertain digit was replaced by the recognizer's alternative to satisfy Luhn. */
  repaired: boolean;
  score: number;
}

/**
 * Card-number candidates in lines of digits: every run of consecutive printed groups with 13–19
 * digits in all whose grouping fits a card layout (spaces may be lost, not invented). Scored by Luhn, a known grouping (4-4-4-4, 4-6-5, …), a length the IIN's network
 * issues, covering the whole line, and the character confidences. Best first.
 */
export function cardNumberCandidates(lines: readonly DigitLine[]): CardNumberCandidate[] {
  const out: CardNumberCandidate[] = [];
  lines.forEach((line, index) => {
    type Alt = ReadonlyArray<{ char: string; p: number }>;
    const groups: Array<{ digits: string; conf: number[]; alts: Alt[] }> = [];
    let current: { digits: string; conf: number[]; alts: Alt[] } | null = null;
    [...line.text].forEach((ch, i) => {
      if (ch >= '0' && ch <= '9') {
        current ??= { digits: '', conf: [], alts: [] };
        current.digits += ch;
        current.conf.push(line.confidences[i] ?? 0);
        current.alts.push(line.alternatives?.[i] ?? []);
      } else if (current) {
        groups.push(current);
        current = null;
      }
    });
    if (current) groups.push(current);
    // A row holding 19 digits or fewer is one number or none: a valid run inside it with digits
    // left over would be a misread longer number (4111…1111 inside a 19-digit 4111…1110).
    const total = groups.reduce((n, g) => n + g.digits.length, 0);
    const wholeRowOnly = total <= maxCardNumberLength;
    for (let a = 0; a < (wholeRowOnly ? Math.min(1, groups.length) : groups.length); a++) {
      let read = '';
      const conf: number[] = [];
      const alts: Alt[] = [];
      for (let b = a; b < groups.length; b++) {
        read += groups[b]!.digits;
        conf.push(...groups[b]!.conf);
        alts.push(...groups[b]!.alts);
        if (read.length > maxCardNumberLength) break;
        if (read.length < minCardNumberLength || (wholeRowOnly && b < groups.length - 1)) continue;
        const sizes = groups.slice(a, b + 1).map((g) => g.digits.length);
        if (!isCompatibleGrouping(sizes)) continue;
        const repairedTo = luhnValid(read) ? null : repair(read, conf, alts);
        const digits = repairedTo ?? read;
        const meanConfidence = conf.reduce((s, c) => s + c, 0) / conf.length;
        // A number passing Luhn from a poor reading is as likely luck (1 in 10) as right. Luhn catches
        // any one wrong digit, not two: with more than one digit in doubt it proves nothing.
        const doubtful = conf.filter((c) => c < doubtfulDigitConfidence).length;
        const valid = luhnValid(digits) && meanConfidence >= minValidMeanConfidence && doubtful <= 1;
        const iin = matchIin(digits);
        const minConfidence = Math.min(...conf);
        const score =
          (valid ? (repairedTo ? 3.5 : 4) : 0) +
          (isKnownGrouping(sizes) ? 2 : sizes.length === 1 ? 0.5 : 0) +
          (iin?.lengths.includes(digits.length) ? 1 : 0) +
          (a === 0 && b === groups.length - 1 ? 0.5 : 0) +
          meanConfidence;
        out.push({ number: digits, valid, line: index, groups: sizes, minConfidence, repaired: repairedTo !== null, score });
      }
    }
  });
  return out.sort((x, y) => y.score - x.score);
}

/** The one Luhn-valid number reachable by replacing a single uncertain digit with a likely alternative, or null. */
function repair(digits: string, conf: readonly number[], alts: ReadonlyArray<ReadonlyArray<{ char: string; p: number }>>): string | null {
  // Only a reading with a single doubtful digit: with two or more, the read is too poor to trust.
  const doubtful = conf.flatMap((c, i) => (c < repairLimits.maxConfidence ? [i] : []));
  if (doubtful.length !== 1) return null;
  const fixes: string[] = [];
  for (const i of doubtful) {
    for (const alt of alts[i] ?? []) {
      if (alt.p < repairLimits.minAlternative || !/^\d$/.test(alt.char) || alt.char === digits[i]) continue;
      const fixed = digits.slice(0, i) + alt.char + digits.slice(i + 1);
      if (luhnValid(fixed)) fixes.push(fixed);
    }
  }
  return fixes.length === 1 ? fixes[0]! : null;
}

/**
 * Digits read with less confidence than this are in doubt: a reading with two or more of them is not
 * valid whatever Luhn says. The server's float models read the corpus's painted-over embossed Amex as
 * a Luhn-valid 14-digit number with three digits under 0.6 (the int8 ones read it right, every digit
 * ≥ 0.97). At 0.9 instead of 0.7, three of the corpus cards' turned and letterboxed photos lost
 * their (right) number (`pnpm eval cards`).
 */
export const doubtfulDigitConfidence = 0.7;

/** Lowest mean character confidence at which a Luhn-valid reading counts as valid. */
export const minValidMeanConfidence = 0.8;

/** Lowest character confidence at which an unchecked (non-Luhn) number is still returned. */
export const invalidNumberMinConfidence = 0.6;

/**
 * The card number: the best Luhn-valid candidate; with `allowInvalid`, else the best candidate with
 * a printed card-number grouping read with confidence (a number with a misprinted or misread check
 * digit, which the caller reports as not valid).
 */
export function findCardNumber(lines: readonly DigitLine[], allowInvalid: boolean): CardNumberCandidate | null {
  const candidates = cardNumberCandidates(lines);
  const valid = candidates.find((c) => c.valid);
  if (valid) return valid;
  if (!allowInvalid) return null;
  return candidates.find((c) => isKnownGrouping(c.groups) && c.minConfidence >= invalidNumberMinConfidence) ?? null;
}

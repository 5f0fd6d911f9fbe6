import type { LineReading } from './create-line-reader.ts';
import type { DecodedChar } from './ctc-decode.ts';

/** A gap between character centres this many times the line's median marks a space. */
const spacePitchRatio = 1.45;

/**
 * Puts spaces where characters stand unusually far apart, in rows `eligible` says the line reader
 * may have run together (letter-spaced names "MARIAGARCIA", the "last4 CVV" of a signature panel).
 */
export function spaceByPitch(line: LineReading, eligible: RegExp, ratio = spacePitchRatio): LineReading {
  if (!eligible.test(line.text) || line.chars.length < 4) return line;
  const xs = line.chars.map((c) => c.peak);
  const steps = xs.slice(1).map((x, i) => x - xs[i]!);
  const median = [...steps].sort((a, b) => a - b)[steps.length >> 1]!;
  if (median <= 0) return line;
  const chars: DecodedChar[] = [line.chars[0]!];
  steps.forEach((step, i) => {
    const next = line.chars[i + 1]!;
    if (step >= ratio * median && i > 0 && i < steps.length - 1) {
      chars.push({ char: ' ', confidence: 1, start: next.start, end: next.start, peak: next.start, alternatives: [], coverage: 1 });
    }
    chars.push(next);
  });
  return { ...line, chars, text: chars.map((c) => c.char).join('') };
}

/** Least share of a line's steps between neighbouring letters within `pitchTolerance` of their median for its pitch to count as even. */
const evenShare = 0.8;
const pitchTolerance = [0.75, 1.3] as const;
/** Steps, in pitches, at which a letter must have stood between two read ones: with no space read between them, and with one. */
const skippedAdjacent = 1.6;
const skippedAcrossSpace = 2.6;

/**
 * Whether a line printed at an even pitch (embossed and letter-spaced card names, monospaced print)
 * was read with a character lost: two characters read further apart than the letters and the
 * space between them fill. CTC can drop a letter without lowering any kept letter's confidence
 * ("ANDRE DELACRUZ" for ANDREA, where a scratch crosses the A), so confidence alone cannot doubt
 * such a reading; the pitch can. Lines whose letters are not evenly spaced (proportional fonts)
 * are never judged.
 */
export function skipsACharacter(line: LineReading): boolean {
  const marks = line.chars.map((c) => ({ space: c.char === ' ', at: c.peak }));
  const letters = marks.filter((m) => !m.space);
  if (letters.length < 6) return false;
  const pairs: Array<{ step: number; spaced: boolean }> = [];
  for (let i = 0, last = -1; i < marks.length; i++) {
    if (marks[i]!.space) continue;
    if (last >= 0) pairs.push({ step: marks[i]!.at - marks[last]!.at, spaced: marks.slice(last + 1, i).some((m) => m.space) });
    last = i;
  }
  const adjacent = pairs.filter((p) => !p.spaced).map((p) => p.step);
  if (adjacent.length < 4) return false;
  const pitch = [...adjacent].sort((a, b) => a - b)[adjacent.length >> 1]!;
  if (pitch <= 0) return false;
  const even = adjacent.filter((s) => s >= pitchTolerance[0] * pitch && s <= pitchTolerance[1] * pitch).length;
  if (even < evenShare * adjacent.length) return false;
  return pairs.some((p) => p.step >= (p.spaced ? skippedAcrossSpace : skippedAdjacent) * pitch);
}

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

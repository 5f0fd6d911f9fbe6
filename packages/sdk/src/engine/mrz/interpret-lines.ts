import { alignLine } from './align-line.ts';
import { countryOf } from './icao-countries.ts';
import { correctMrz, type CorrectedMrz, type CorrectionOptions } from './correct-mrz.ts';
import type { MrzCells } from './mrz-cell.ts';
import { mrzSizes } from './mrz-formats.ts';
import type { ReadLine } from './read-mrz-line.ts';
import { clearlyRead, score } from './reading-score.ts';

/**
 * Readings of the same lines merged: per line, every reading's characters pooled by x, the more
 * confident one kept where two land on one position (alignment does that) — a symbol one pass
 * dropped is often there in the other.
 */
export function mergeReadings(readings: ReadLine[][]): ReadLine[][] {
  const lines = readings[0]!.map((first, i) => {
    const all = readings.flatMap((r) => r[i]!.chars).sort((a, b) => a.x - b.x);
    const pitch = (first.inkEnd - first.inkStart) / Math.max(1, first.chars.length);
    const merged: typeof all = [];
    for (const c of all) {
      const prev = merged[merged.length - 1];
      if (prev && c.x - prev.x < 0.5 * pitch) {
        if (c.confidence > prev.confidence) merged[merged.length - 1] = c;
      } else merged.push(c);
    }
    return { ...first, chars: merged, text: merged.map((c) => c.char).join('') };
  });
  return [lines];
}

/** Fits the read lines to each MRZ size with their line count and keeps the best-checking parse. */
export function interpret(read: ReadLine[], correction: Partial<CorrectionOptions>): { corrected: CorrectedMrz; clarity: number; cells: MrzCells[] } | null {
  let best: { corrected: CorrectedMrz; clarity: number; cells: MrzCells[] } | null = null;
  // Of the sizes with this many lines, the one whose length is nearest what was read.
  const lengths = read.map((r) => r.chars.length).sort((a, b) => a - b);
  const typical = lengths[lengths.length >> 1]!;
  const sizes = mrzSizes.filter((s) => s.lines === read.length).sort((a, b) => Math.abs(a.length - typical) - Math.abs(b.length - typical));
  for (const size of sizes.slice(0, 1)) {
    const aligned = read.map((r) => alignLine(r.chars, size.length, r.inkStart, r.inkEnd));
    if (aligned.some((a) => !a)) continue;
    const cells = aligned.map((a) => a!.cells);
    const corrected = correctMrz(cells, correction);
    const all = cells.flat();
    // A position not read at all means a misread line, never a clear one.
    const clarity = all.some((c) => !c) ? 0 : all.filter(clearlyRead).length / Math.max(1, all.length);
    if (corrected && looksLikeZone(corrected) && (!best || score(corrected) > score(best.corrected))) best = { corrected, clarity, cells };
  }
  return best;
}

/**
 * Whether a reading can be a machine-readable zone at all, before it is trusted for anything: its
 * document code starts like one (passport, identity card, visa, residence permit), a check digit
 * holds, and either the issuer is a known state code or most check digits hold. Lines of ordinary
 * text forced into the MRZ alphabet fail this almost always (their check digits can hold, over
 * runs of fillers); a real zone, even misprinted or badly read, rarely does.
 */
function looksLikeZone(c: CorrectedMrz): boolean {
  const { fields, checks } = c.parsed;
  if (!documentKinds.includes(fields.documentCode?.[0] ?? '')) return false;
  const holding = checks.filter((k) => k.ok).length;
  return holding > 0 && (countryOf(fields.issuer ?? '') !== null || holding * 2 >= checks.length);
}

/** First symbols of ICAO document codes: P passport, I/A/C identity documents, V visa, R residence permit. */
const documentKinds = 'PIACVR';

import type { DecodedChar } from '../ocr/ctc-decode.ts';
import type { MrzCell } from './mrz-cell.ts';

/** A decoded character placed on its line: `x` is its centre in line-image pixels. */
export interface PlacedChar extends DecodedChar {
  x: number;
}

/** A read line fitted onto the MRZ's fixed character grid. */
export interface AlignedLine {
  cells: Array<MrzCell | null>;
  /** Positions the reader gave nothing for, or two symbols for. */
  gaps: number;
}

/**
 * Fits placed characters onto `length` grid positions. MRZ text is monospaced OCR-B and the line
 * image was cut to the ink (`inkStart`…`inkEnd`), so position k sits at a known x: a character the
 * reader dropped leaves a hole (unknown — or a filler between fillers, since CTC merges repeated `<`
 * without a blank between), a spurious one collides with a neighbour: the more confident is kept,
 * the other becomes its alternative, and the position is no longer a sure reading.
 * This turns "43 symbols for a 44-symbol line" from a shifted, useless reading into one unknown
 * position that check digits or the uncertainty report deal with.
 */
export function alignLine(chars: readonly PlacedChar[], length: number, inkStart: number, inkEnd: number): AlignedLine | null {
  if (chars.length === 0) return null;
  // The right count: trust the order (CTC peak positions are coarser than the order is reliable).
  if (chars.length === length) return { cells: chars.map(toCell), gaps: 0 };
  // A few dropped or extra symbols are repaired; more means another line length (30 read as 36…).
  if (chars.length < length * 0.85 || chars.length > length * 1.15) return null;
  // The grid from the ink extent (glyphs are ~0.8 pitch wide), refined by least squares on the
  // characters' positions once they are assigned.
  let pitch = (inkEnd - inkStart) / (length - 0.2);
  let x0 = inkStart + 0.4 * pitch;
  let index: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    index = chars.map((c) => Math.min(length - 1, Math.max(0, Math.round((c.x - x0) / pitch))));
    const fit = fitLine(
      chars.map((c) => c.x),
      index,
    );
    if (!fit || fit.pitch < 0.8 * pitch || fit.pitch > 1.25 * pitch) break;
    ({ pitch, x0 } = fit);
  }
  const cells: Array<MrzCell | null> = new Array(length).fill(null);
  let collisions = 0;
  chars.forEach((c, i) => {
    const k = index[i]!;
    const prev = cells[k];
    const cell = toCell(c);
    if (!prev) {
      cells[k] = cell;
      return;
    }
    // Two symbols for one position: the reader saw something there twice (a doubled glyph, a spot)
    // and which one belongs is a coin weighted by their confidences — never a sure reading.
    collisions++;
    const [kept, other] = prev.confidence >= cell.confidence ? [prev, cell] : [cell, prev];
    // Even the same symbol twice stays in doubt: the reader gave more symbols than the line has
    // positions, so something nearby is misplaced (a doubled L next to a U read as "LLU").
    const total = Math.max(1e-6, kept.confidence + other.confidence);
    cells[k] = {
      char: kept.char,
      confidence: (kept.confidence * kept.confidence) / total,
      alternatives: [{ char: other.char, p: (other.confidence * other.confidence) / total }, ...kept.alternatives],
    };
  });
  // Holes inside a run of fillers are fillers (merged repeats), known with fair confidence.
  for (let k = 0; k < length; k++) {
    if (cells[k]) continue;
    let l = k - 1;
    while (l >= 0 && !cells[l]) l--;
    let r = k + 1;
    while (r < length && !cells[r]) r++;
    const left = l >= 0 ? cells[l] : null;
    const right = r < length ? cells[r] : null;
    if ((left?.char === '<' || l < 0) && (right?.char === '<' || r >= length) && (left || right)) cells[k] = { char: '<', confidence: 0.9, alternatives: [] };
  }
  return { cells, gaps: cells.filter((c) => !c).length + collisions };
}

function fitLine(xs: number[], index: number[]): { pitch: number; x0: number } | null {
  const n = xs.length;
  const mi = index.reduce((s, v) => s + v, 0) / n;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (index[i]! - mi) * (xs[i]! - mx);
    den += (index[i]! - mi) ** 2;
  }
  if (den <= 0 || num <= 0) return null;
  const pitch = num / den;
  return { pitch, x0: mx - pitch * mi };
}

function toCell(c: DecodedChar): MrzCell {
  return { char: c.char, confidence: c.confidence * Math.min(1, 0.5 + c.coverage), alternatives: c.alternatives };
}

import type { Frame } from '../../core/frame.ts';
import { toGray } from '../image/gray-image.ts';
import { laplacianSharpness } from '../image/laplacian-sharpness.ts';
import { classesFor } from '../ocr/charset.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import { cropTextLine } from '../ocr/crop-text-line.ts';
import { skipsACharacter, spaceByPitch } from '../ocr/space-by-pitch.ts';
import type { LineReading } from '../ocr/create-line-reader.ts';
import type { DecodedChar } from '../ocr/ctc-decode.ts';
import { groupRows, flipRow, type CardRow } from './card-rows.ts';
import { cardNumberCandidates } from './find-card-number.ts';
import { stackableRows, stackedNumbers } from './stacked-number.ts';
import type { SideRow } from './side-row.ts';

/** A card side as read: its text rows, how sharp they are, and which way up. */
export interface SideReading {
  rows: SideRow[];
  /** Sharpness of the sharpest text row (laplacianSharpness at line reader height), or null without text. */
  sharpness: number | null;
  /** Whether the rows were read turned 180° (text upside down in the frame). */
  flipped: boolean;
}

/** Line reader input height. */
const lineHeight = 48;
const digitAlphabet = '0123456789 ';
/** Row height at which sharpness is measured. */
const blurLineHeight = 24;
/**
 * A number candidate this good (valid, a printed card layout, clearly read) settles the side's
 * orientation; anything less also reads the side turned 180° and keeps the better reading.
 */
const strongNumberScore = 7.5;
/** Rows under this detection height (px) are too small to read. */
const minRowHeight = 6;

/**
 * Reads every text row of one card side: text detection, boxes joined into rows, each row read by
 * the general line reader, numeric-looking rows re-read restricted to digits (the unrestricted model
 * reads "1" as "/" or "I" in card fonts). When no row yields a card-number candidate, the rows are
 * read again turned 180° (a card photographed upside down, or vertical text read the wrong way).
 */
export async function readCardSide(frame: Frame, ocr: OcrEngine): Promise<SideReading> {
  const quads = await ocr.detector.detect(frame);
  const rows = groupRows(quads.filter((q) => Math.min(q.width, q.height) >= minRowHeight));
  if (rows.length === 0) return { rows: [], sharpness: null, flipped: false };
  const upright = await readRows(frame, rows, ocr);
  const uprightBest = bestNumberScore(upright.rows);
  if (uprightBest >= strongNumberScore) return { ...upright, flipped: false };
  const turned = await readRows(frame, rows.map(flipRow).reverse(), ocr);
  const turnedBest = bestNumberScore(turned.rows);
  const turnedClearer = meanConfidence(turned.rows) > meanConfidence(upright.rows) + 0.1;
  if (turnedBest > uprightBest || (turnedBest === uprightBest && turnedClearer)) return { ...turned, flipped: true };
  return { ...upright, flipped: false };
}

async function readRows(frame: Frame, rows: CardRow[], ocr: OcrEngine): Promise<{ rows: SideRow[]; sharpness: number | null }> {
  const crops = rows.map((r) => cropTextLine(frame, r.quad, lineHeight));
  const general = (await ocr.lineReader.read(crops)).map((g, i) => spaceByPitch(spaceAtGaps(g, rows[i]!), /^[A-Za-z]{6,}$/));
  const numeric = general.map((g) => isNumeric(g.text));
  const digitIndex = general.flatMap((_, i) => (numeric[i] ? [i] : []));
  const allowed = classesFor(ocr.lineReader.charset, digitAlphabet);
  const digitReads = digitIndex.length
    ? (
        await ocr.lineReader.read(
          digitIndex.map((i) => crops[i]!),
          { allowed, alternatives: 3 },
        )
      ).map((g, k) => spaceByPitch(spaceAtGaps(g, rows[digitIndex[k]!]!), /^\d{5,8}$/))
    : [];
  const heights = rows.map((r) => r.quad.height).sort((a, b) => a - b);
  const unit = Math.max(1, heights[heights.length >> 1]!);
  const d = rows[0]!.dir;
  let sharpness: number | null = null;
  const out = rows.map((row, i): SideRow => {
    const g = general[i]!;
    const k = digitIndex.indexOf(i);
    const digitRead = k >= 0 ? digitReads[k]! : null;
    if (g.text.trim().length >= 2 && g.confidence >= 0.5) {
      // Measured at a fixed text height, so blur counts relative to the print's size; small print
      // is measured as it is (upsampling would soften it and read as blur).
      const h = Math.min(blurLineHeight, Math.max(8, Math.round(row.quad.height)));
      const s = laplacianSharpness(toGray(cropTextLine(frame, row.quad, h)));
      sharpness = sharpness === null ? s : Math.max(sharpness, s);
    }
    const [tl] = row.quad.points;
    return {
      row,
      text: g.text,
      confidence: g.confidence,
      skipsACharacter: skipsACharacter(g),
      digits: digitRead
        ? { text: digitRead.text, confidences: digitRead.chars.map((c) => c.confidence), alternatives: digitRead.chars.map((c) => c.alternatives) }
        : null,
      y: (-row.centre.x * d.y + row.centre.y * d.x) / unit,
      x: (tl.x * d.x + tl.y * d.y) / unit,
    };
  });
  return { rows: out, sharpness };
}

/**
 * Puts a space where the row joins two detector boxes: the line reader often runs the words of a
 * joined row together ("DANIELYODER"), while the detector saw them apart.
 */
function spaceAtGaps(line: LineReading, row: CardRow): LineReading {
  if (row.gaps.length === 0 || line.chars.length < 2) return line;
  const toRow = row.quad.width / Math.max(1, line.inputWidth);
  const at = (c: DecodedChar) => (c.peak + 0.5) * line.stride * toRow;
  const chars: DecodedChar[] = [line.chars[0]!];
  for (let i = 1; i < line.chars.length; i++) {
    const prev = line.chars[i - 1]!;
    const next = line.chars[i]!;
    if (prev.char !== ' ' && next.char !== ' ' && row.gaps.some((g) => g > at(prev) && g < at(next))) {
      chars.push({ char: ' ', confidence: 1, start: next.start, end: next.start, peak: next.start, alternatives: [], coverage: 1 });
    }
    chars.push(next);
  }
  return { ...line, chars, text: chars.map((c) => c.char).join('') };
}

/** A row worth reading as digits: at least 3 digits, and digits at least half its non-space symbols. */
function isNumeric(text: string): boolean {
  const symbols = text.replace(/\s/g, '');
  const digits = symbols.replace(/\D/g, '').length;
  return digits >= 3 && digits >= 0.5 * symbols.length;
}

/** Score of the best valid number candidate of a reading, on one row or stacked over several (−1 without one). */
function bestNumberScore(rows: SideRow[]): number {
  const lines = [...rows.flatMap((r) => (r.digits ? [r.digits] : [])), ...stackedNumbers(stackableRows(rows)).map((s) => s.line)];
  const valid = cardNumberCandidates(lines).find((c) => c.valid);
  return valid ? valid.score : -1;
}

function meanConfidence(rows: SideRow[]): number {
  return rows.length ? rows.reduce((s, r) => s + r.confidence, 0) / rows.length : 0;
}

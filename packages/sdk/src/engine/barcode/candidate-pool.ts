import type { BarcodeType } from '../../api/barcode.ts';
import type { Point } from '../image/affine.ts';
import { eanUpcModules } from './ean/ean-codes.ts';
import type { BarcodeRead } from './normalize-read.ts';

/** Everything the passes found for one (type, content) pair. */
export interface Candidate {
  /** The read with the most scan lines (its points are the ones reported). */
  read: BarcodeRead;
  /** Evidence: scan lines summed over views for linear reads; for matrix reads a weight per view (`matrixSupport`, or `spentMatrixSupport` once per pass). */
  support: number;
  /** The part of `support` that fitted reads gave (at most `CandidateRules.maxFittedSupport`). */
  fittedSupport: number;
  /** How many views added to it (a pass that reads several views, bar regions or QR crops, may add more than one). */
  views: number;
  /** The names of the passes that found it (as `addView` was told). */
  passNames: Set<string>;
  /** A second opinion contradicted it (`dispute`): it is never certain, and gains no further support (`addView`). */
  disputed?: boolean;
  /**
   * A matrix read of it left error correction unused (or did not say how much it used); false for
   * linear reads. A PDF417 candidate without one is never certain (`CandidateRules.spentReadsCorroborate`).
   */
  spared: boolean;
}

/** How candidates are weighed; see docs/barcode-options.md for where the numbers come from. */
export const candidateRules: CandidateRules = {
  /**
   * Evidence one matrix-code read (QR, PDF417) counts as: while Reed–Solomon error correction has
   * some of its capacity left unused, a wrong decode is practically impossible, so one read settles it.
   */
  matrixSupport: 50,
  /**
   * … but a read that used all of it (`BarcodeRead.correctionMargin` 0; a PDF417 all but
   * `leastSpareCodewords`) may be a damaged symbol corrected into another valid one — a PDF417 of 22
   * characters photographed small and soft read as 20 of garbage so — and counts only this much:
   * under `certainSupport`, so it needs a second pass to read the same content before it is
   * certain, where its symbology allows that at all …
   */
  spentMatrixSupport: 3,
  /**
   * … which QR does: its Reed–Solomon code (GF(256), at least 7 correction codewords per block)
   * "corrects" a word damaged beyond its capacity into another codeword about once in a million
   * tries. PDF417 does not. At its lowest levels (2, 4 or 8 correction codewords, GF(929)) such a
   * word lands on a wrong codeword often — at level 0 in about n/929 of the tries for n codewords,
   * one in five for a licence's 200 — and zxing-cpp makes many tries: up to 100 combinations of
   * ambiguous codewords per decode, lost codewords filled with 0 (its decoder ignores erasures, yet
   * accepts half the correction codewords + 3 of them lost). Passes that read the same pixels decode
   * the same damage alike — the frame, its fixed threshold and zxing's denoising gave one garbage
   * licence payload from a camera frame of 1.1–1.5 px modules — so their agreement is no evidence:
   * a PDF417 is certain only on a decode with correction to spare (docs/barcode-options.md) …
   */
  spentReadsCorroborate: ['QR_CODE'],
  /**
   * … that is, at least this many correction codewords unused
   * (`BarcodeRead.spareCodewords`). A word damaged beyond correction decodes to a wrong codeword
   * sequence with e corrections and u codewords unused in at most about 929^−u of the tries: with
   * one left (a level-1 symbol's 4 codewords less one error and one lost codeword, `UEC` 0.25) that
   * is one try in 929, and zxing-cpp makes up to 100 per decode — a generated licence on a camera
   * frame came back so as garbage, certain; with two, about one in a million.
   */
  leastSpareCodewords: 2,
  /** Lines per pass counted at most, so one lucky pass cannot outvote several independent ones. */
  maxLinesPerPass: 10,
  /**
   * A linear read whose scan lines span less than this fraction of its length across the bars is
   * thin: typically lines through the bars' ends and the printed digits below them, where zxing
   * finds checksum-valid misreads …
   */
  thinReadRatio: 0.1,
  /** … so its lines count only this much. */
  thinReadWeight: 0.5,
  /** A read is certain with at least this much support … */
  certainSupport: 6,
  /** … and at least this many times the support of any different read of the same symbol. */
  certainDominance: 2,
  /**
   * Fitted reads (`BarcodeRead.fitted`: the profile fit, on several bar-region views and in every
   * round) count together at most this much: less than `certainSupport`, so that they stay
   * uncertain until a decoded read agrees with them.
   */
  maxFittedSupport: 5,
  /** The pass plan stops once the best read has this much support … */
  conclusiveSupport: 10,
  /** … and at least this many times the support of any rival. */
  conclusiveDominance: 4,
};

export interface CandidateRules {
  matrixSupport: number;
  spentMatrixSupport: number;
  spentReadsCorroborate: readonly BarcodeType[];
  leastSpareCodewords: number;
  maxLinesPerPass: number;
  thinReadRatio: number;
  thinReadWeight: number;
  certainSupport: number;
  certainDominance: number;
  maxFittedSupport: number;
  conclusiveSupport: number;
  conclusiveDominance: number;
}

/** The pool's verdict: the chosen read and whether it is corroborated enough to be certain. */
export interface Verdict {
  candidate: Candidate;
  certain: boolean;
}

/**
 * Collects the reads of all passes and decides which one to report. Reads of the same symbol
 * (overlapping positions, a short code read off a longer one's bars, or two reads along the same
 * product code's bars: `related`) with different content are
 * rivals: the one with more evidence wins, and it is only certain if it clearly outweighs them — but
 * a piece of another read (`isPartOf`) always loses to it and is no rival of it. Among different
 * symbols the largest wins (a product code beats the EAN-5 add-on or a small code in the background).
 */
export class CandidatePool {
  readonly #candidates = new Map<string, Candidate>();
  readonly #rules: CandidateRules;

  constructor(rules: CandidateRules = candidateRules) {
    this.#rules = rules;
  }

  /**
   * Adds the reads of one view of the pass named `pass` (a read found twice in one view counts once,
   * at its heaviest). A matrix read that spent all its error correction adds to a candidate once per
   * pass: two views of one pass may decode the same damage the same way.
   */
  addView(pass: string, reads: readonly BarcodeRead[]): void {
    const seen = new Set<string>();
    const heaviestFirst = reads.map((read) => ({ read, weight: this.#weight(read) })).sort((a, b) => b.weight - a.weight);
    for (const { read, weight: readWeight } of heaviestFirst) {
      const key = keyOf(read);
      if (seen.has(key)) continue;
      seen.add(key);
      const existing = this.#candidates.get(key);
      let weight = readWeight;
      if (read.fitted) weight = Math.min(weight, this.#rules.maxFittedSupport - (existing?.fittedSupport ?? 0));
      if (this.#isSpent(read) && existing?.passNames.has(pass)) weight = 0;
      // A disputed read gains nothing more: passes that read it again share the bias the fit saw through.
      if (existing?.disputed) weight = 0;
      const fitted = read.fitted ? weight : 0;
      const spared = !read.linear && !this.#isSpent(read);
      if (!existing) {
        this.#candidates.set(key, { read, support: weight, fittedSupport: fitted, views: 1, passNames: new Set([pass]), spared });
        continue;
      }
      existing.support += weight;
      existing.spared ||= spared;
      existing.fittedSupport += fitted;
      existing.views += 1;
      existing.passNames.add(pass);
      // A read that added nothing (a fit beyond the cap) does not lend its corners either.
      if (weight > 0 && read.lineCount > existing.read.lineCount) existing.read = read;
    }
  }

  /** Whether the verdict's read already has all the support fitted reads may give it: another fit could add nothing. */
  fittedSupportFull(): boolean {
    return (this.verdict()?.candidate.fittedSupport ?? 0) >= this.#rules.maxFittedSupport;
  }

  /**
   * Takes a candidate's certainty for good — a second opinion (`fit-check.ts`) contradicted it — and
   * cuts its evidence to under certain for good, so that as a rival it cannot keep a right read that
   * two passes agree on from being certain, nor the plan from stopping once that read is conclusive:
   * later passes that make the same misread (a sharpened frame, then its locally evened-out twin)
   * add nothing to it.
   */
  dispute(candidate: Candidate): void {
    candidate.disputed = true;
    candidate.support = Math.min(candidate.support, this.#rules.certainSupport - 1);
  }

  get size(): number {
    return this.#candidates.size;
  }

  /** The read to report, or `undefined` when nothing was found. */
  verdict(): Verdict | undefined {
    let chosen: Verdict | undefined;
    let chosenSize = -1;
    for (const candidate of this.#leaders()) {
      const rival = this.#strongestRival(candidate);
      const certain =
        !candidate.disputed &&
        this.#corroborated(candidate) &&
        candidate.support >= this.#rules.certainSupport &&
        candidate.support >= this.#rules.certainDominance * rival;
      const size = symbolSize(candidate.read);
      // Certain beats uncertain; then the larger symbol.
      const better = !chosen || (certain && !chosen.certain) || (certain === chosen.certain && size > chosenSize);
      if (better) {
        chosen = { candidate, certain };
        chosenSize = size;
      }
    }
    return chosen;
  }

  /**
   * Whether more passes are unlikely to change the verdict, so the plan can stop: never while a
   * disputed read larger than the verdict's is about (the symbol it misread is still to be read
   * right), unless it is a misread of the verdict's own symbol — the same type at the same place, or
   * along the same bars (`alongSameBars`: an EAN-13 misread of a UPC-A too): the verdict is that
   * symbol read right, and a few pixels more of box do not make the misread another symbol. A code
   * beside it, an add-on, is another symbol.
   */
  isConclusive(): boolean {
    const verdict = this.verdict();
    if (!verdict?.certain) return false;
    const { candidate } = verdict;
    const size = symbolSize(candidate.read);
    const sameSymbolAsVerdict = (c: Candidate) =>
      (c.read.type === candidate.read.type && sameSymbol(c.read, candidate.read)) || alongSameBars(c.read, candidate.read);
    if ([...this.#candidates.values()].some((c) => c.disputed && symbolSize(c.read) > size && !sameSymbolAsVerdict(c))) return false;
    if (!candidate.read.linear) return true;
    const rival = this.#strongestRival(candidate);
    return candidate.support >= this.#rules.conclusiveSupport && candidate.support >= this.#rules.conclusiveDominance * rival;
  }

  #weight(read: BarcodeRead): number {
    if (read.linear) return this.#linearWeight(read);
    return this.#isSpent(read) ? this.#rules.spentMatrixSupport : this.#rules.matrixSupport;
  }

  /** Whether its support may make it certain: any linear read; a matrix read spared by one decode, or by agreeing decodes where its symbology allows. */
  #corroborated(candidate: Candidate): boolean {
    const { read } = candidate;
    return read.linear || candidate.spared || this.#rules.spentReadsCorroborate.includes(read.type);
  }

  #isSpent(read: BarcodeRead): boolean {
    if (read.linear) return false;
    if (read.spareCodewords !== undefined) return read.spareCodewords < this.#rules.leastSpareCodewords;
    return read.correctionMargin !== undefined && read.correctionMargin <= 0;
  }

  #linearWeight(read: BarcodeRead): number {
    const lines = Math.min(read.lineCount, this.#rules.maxLinesPerPass);
    return lineSpread(read) < this.#rules.thinReadRatio ? lines * this.#rules.thinReadWeight : lines;
  }

  /** Candidates that are not outweighed by a rival read of the same symbol. */
  #leaders(): Candidate[] {
    const all = [...this.#candidates.values()];
    return all.filter((c) => !all.some((other) => other !== c && related(c.read, other.read) && outweighs(other, c)));
  }

  #strongestRival(candidate: Candidate): number {
    let strongest = 0;
    for (const other of this.#candidates.values()) {
      if (other === candidate || !related(candidate.read, other.read) || isPartOf(other.read, candidate.read)) continue;
      strongest = Math.max(strongest, other.support);
    }
    return strongest;
  }
}

function keyOf(read: BarcodeRead): string {
  let bytes = '';
  for (const b of read.bytes) bytes += b.toString(16).padStart(2, '0');
  return `${read.type}:${bytes}`;
}

/** `a` beats `b` when `b` is a piece of it (`isPartOf`), else when it has more support; ties go to the longer content. */
function outweighs(a: Candidate, b: Candidate): boolean {
  if (isPartOf(b.read, a.read)) return true;
  if (isPartOf(a.read, b.read)) return false;
  return a.support > b.support || (a.support === b.support && a.read.bytes.length > b.read.bytes.length);
}

/** A read that is a piece of another read of the same symbol (see the two kinds below). */
function isPartOf(part: BarcodeRead, whole: BarcodeRead): boolean {
  return isPartialOf(part, whole) || isShortCodeWithin(part, whole);
}

/** Reads of one symbol: overlapping, one a short code read off the other's bars, or two reads along the same product code's bars. */
function related(a: BarcodeRead, b: BarcodeRead): boolean {
  // A matrix code and a linear one are two symbols however close they are printed (a licence's
  // PDF417 and the Code 128 beside it): neither read can outweigh the other.
  if (a.linear !== b.linear) return false;
  return sameSymbol(a, b) || isShortCodeWithin(a, b) || isShortCodeWithin(b, a) || alongSameBars(a, b);
}

/**
 * Two EAN/UPC reads of the same length (an EAN-13 and a UPC-A are one) that run along the same line
 * between the same guards, at different heights of the bars: a misread on lines through the ends of
 * the bars (a washed-out top, the printed digits below) and the right read through their middle —
 * `023942471011` on lines near the top of a UPC-A shrunk to half, `023942431015` across its middle.
 * Their boxes are thin bands that `sameSymbol` may find apart. How far apart across two reads may
 * lie is a trade-off: a retail code's bars are about 0.7 of its length tall, a book's up to 0.9;
 * labels printed one above the other closer than `shortCodeWithin.barHeight` (0.8 of a length) are
 * taken for one symbol, and neither of their reads is then certain unless it outweighs the other.
 * Measured on the longer read, so that the relation is the same whichever read is asked about.
 */
function alongSameBars(a: BarcodeRead, b: BarcodeRead): boolean {
  const modules = eanUpcModules[a.type];
  if (modules === undefined || modules !== eanUpcModules[b.type]) return false;
  const [longer, shorter] = lineLength(a) >= lineLength(b) ? [a, b] : [b, a];
  const frame = lineFrameOf(longer);
  if (!frame || lineLength(shorter) === 0) return false;
  const { slack, barHeight } = shortCodeWithin;
  // Either way round: a read of the upside-down symbol runs from the other guard. Ends within
  // `slack` of the longer read's keep the lines within `leastAlignment` of each other, too (the
  // shorter read's line spans at least 1 − 2 × slack of the longer one's along it).
  const [first, last] = shorter.points
    .slice(0, 2)
    .map(frame.along)
    .sort((x, y) => x - y) as [number, number];
  const sameGuards = Math.abs(first) <= slack && Math.abs(last - 1) <= slack;
  return sameGuards && frame.acrossExtent(shorter) <= barHeight;
}

/** The length of a linear read's line, from its first corner to its second. */
export function lineLength(read: BarcodeRead): number {
  const [start, end] = read.points as [Point, Point];
  return Math.hypot(end.x - start.x, end.y - start.y);
}

/** Positions relative to a linear read's line (`lineFrameOf`), in shares of its length. */
interface LineFrame {
  length: number;
  /** How far along the line a point lies, from the read's first corner. */
  along: (p: Point) => number;
  /** How well another read's line runs with this one (|cos| of the angle between them). */
  alignment: (other: BarcodeRead) => number;
  /**
   * How far the two reads' corners together spread across the line: signed offsets, so that both
   * must fit within one extent, whichever side of the line the other lies.
   */
  acrossExtent: (other: BarcodeRead) => number;
}

/** The line frame of a linear read, from its first corner to its second; undefined for a read of no length. */
function lineFrameOf(read: BarcodeRead): LineFrame | undefined {
  const [start, end] = read.points as [Point, Point];
  const length = lineLength(read);
  if (length === 0) return undefined;
  const ux = (end.x - start.x) / length;
  const uy = (end.y - start.y) / length;
  const across = (p: Point) => ((p.x - start.x) * uy - (p.y - start.y) * ux) / length;
  return {
    length,
    along: (p) => ((p.x - start.x) * ux + (p.y - start.y) * uy) / length,
    alignment(other) {
      const [otherStart, otherEnd] = other.points as [Point, Point];
      return Math.abs((otherEnd.x - otherStart.x) * ux + (otherEnd.y - otherStart.y) * uy) / lineLength(other);
    },
    acrossExtent(other) {
      const offsets = [...read.points, ...other.points].map(across);
      return Math.max(...offsets) - Math.min(...offsets);
    },
  };
}

/**
 * A UPC-E or EAN-8 read that lies on the bars of an EAN-13 or UPC-A read, between its ends: a bar
 * that one binarization lost can leave 51 or 67 modules of the longer symbol's 95 spelling a shorter
 * code, checksum and all, on many scan lines of the same pass — often lines low on the bars, by the
 * digits, away from the longer read's own lines. A real short code has quiet zones where the longer
 * read found bars, so it cannot lie inside one. The longer read must stand on lines of its own
 * (two or more, spread across its bars), so one thin line through a real short code cannot bury it.
 */
function isShortCodeWithin(part: BarcodeRead, whole: BarcodeRead): boolean {
  if ((part.type !== 'UPC_E' && part.type !== 'EAN_8') || (whole.type !== 'EAN_13' && whole.type !== 'UPC_A')) return false;
  const { longestShare, slack, leastAlignment, barHeight, leastLines, leastSpread } = shortCodeWithin;
  if (whole.lineCount < leastLines || lineSpread(whole) < leastSpread) return false;
  const frame = lineFrameOf(whole);
  const partLength = lineLength(part);
  if (!frame || partLength === 0 || partLength > longestShare * frame.length) return false;
  const [partStart, partEnd] = part.points as [Point, Point];
  return (
    frame.alignment(part) >= leastAlignment &&
    [partStart, partEnd].every((p) => frame.along(p) >= -slack && frame.along(p) <= 1 + slack) &&
    frame.acrossExtent(part) <= barHeight
  );
}

/**
 * Geometry of two reads on one product code's bars — `isShortCodeWithin` (a short code inside a
 * longer one) and, for `slack` and `barHeight`, `alongSameBars` (two reads of one length at
 * different heights) — in shares of the longer read's length where not said otherwise.
 */
const shortCodeWithin = {
  /** The short read spans at most this much (UPC-E is 51/95 of the modules, EAN-8 67/95). */
  longestShare: 0.8,
  /** Its ends may lie this far beyond the longer read's (zxing's ends differ by a module or two). */
  slack: 0.05,
  /** The cosine of the angle between the two reads' lines, at least (they run along the same bars). */
  leastAlignment: 0.9,
  /**
   * Both reads' lines lie within this much across: an EAN-13's bars are ~0.73 of its 95 modules
   * tall, its digits below them (a book code's bars up to 0.9: `alongSameBars` weighs the trade-off).
   */
  barHeight: 0.8,
  /** The longer read's own evidence: at least this many lines … */
  leastLines: 2,
  /** … spread at least this much across its bars (a thin band of lines is what a misread looks like; `thinReadRatio`). */
  leastSpread: 0.1,
};

/**
 * A read of a variable-length symbology whose content is a proper part of another read of the same
 * type at the same place: ITF and the Code families can decode a truncated span of a damaged symbol.
 */
function isPartialOf(part: BarcodeRead, whole: BarcodeRead): boolean {
  if (part.type !== whole.type || part.text === null || whole.text === null) return false;
  return part.text.length < whole.text.length && whole.text.includes(part.text);
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(points: readonly Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/**
 * Whether two reads are of the same physical symbol: the centre of one lies in the other's box,
 * grown by a quarter of its size (linear reads' boxes can be as thin as one scan line).
 */
export function sameSymbol(a: BarcodeRead, b: BarcodeRead): boolean {
  return centreInside(a.points, boxOf(b.points)) || centreInside(b.points, boxOf(a.points));
}

function centreInside(points: readonly Point[], box: Box): boolean {
  const grow = 0.25 * Math.max(box.maxX - box.minX, box.maxY - box.minY, 4);
  const { x, y } = centreOf(points);
  return x >= box.minX - grow && x <= box.maxX + grow && y >= box.minY - grow && y <= box.maxY + grow;
}

/** The mean of a read's corners. */
export function centreOf(points: readonly Point[]): Point {
  return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length };
}

/** How far the scan lines of a linear read spread across, relative to its length along them. */
function lineSpread(read: BarcodeRead): number {
  const [topLeft, , , bottomLeft] = read.points as [Point, Point, Point, Point];
  const length = lineLength(read);
  const spread = Math.hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y);
  return length > 0 ? spread / length : 0;
}

/** Size to rank symbols by: the box area, with linear reads' thin boxes counted at least 1/5 as tall as long. */
function symbolSize(read: BarcodeRead): number {
  const box = boxOf(read.points);
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  const long = Math.max(width, height);
  return read.linear ? long * Math.max(Math.min(width, height), long / 5) : width * height;
}

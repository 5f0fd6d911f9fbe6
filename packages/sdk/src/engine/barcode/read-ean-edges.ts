import type { BarcodeType } from '../../api/barcode.ts';
import { applyAffine } from '../image/affine.ts';
import type { DerivedImage } from '../image/derived-image.ts';
import { EdgeScanner } from '../image/edge-binarize.ts';
import { decodeEanHalves, decodeEanLine, hasValidCheckDigit, lineElements, type EanHalfRead, type EanLineRead } from './ean-edges.ts';
import { reportedGtin13, type BarcodeRead, type NormalizeContext } from './normalize-read.ts';

/** Lines that must agree on a reading (or on each half joined) before it is reported (each line shares rows with its neighbours: `EdgeScanner`). */
const minLines = 3;
/** A left and a right half are of one symbol on lines at most this far apart that put their centre guards … */
const joinLines = 8;
/** … within this many modules of each other, with modules alike (outer guard to centre within this ratio). */
const joinModules = 2;
const maxHalfRatio = 1.1;
/** A half's run of lines: hits at most this many lines apart at one centre. */
const runGap = 2;

/** Which of the symbologies decoded the client asked for. */
export type EanEdgesContext = Pick<NormalizeContext, 'scanUpca' | 'scanEan13'> & { scanEan8: boolean; scanUpce: boolean };

/** Where a reading lies on one line: its outer guard edges along it. */
interface Span {
  start: number;
  end: number;
  line: number;
}

/** A reading with the lines that spelled it and where the first and the last of them found its guards. */
interface Vote {
  type: EanLineRead['type'];
  digits: string;
  lines: number;
  first: Span;
  last: Span;
}

/** A half as one line spelled it. */
type HalfHit = EanHalfRead & { line: number };

/** A half with each line that spelled it. */
interface HalfVote {
  side: EanHalfRead['side'];
  digits: string;
  hits: HalfHit[];
}

/**
 * EAN-13, UPC-A, EAN-8 and UPC-E read from every line across an image's bars (rows when `bars` are
 * vertical) by decoding their sub-pixel edges character by character (`decodeEanLine`), and
 * EAN-13s (UPC-As) also by joining a left and a right half read on nearby lines (`decodeEanHalves`)
 * where glare spoils one half of each line. Each reading at least `minLines` lines agree on (each
 * half, for a joined one) is reported with their count as its scan lines (the candidate pool's
 * evidence) and its corners where the first and the last of them found the guards.
 */
export function readEanEdges(view: DerivedImage, bars: 'vertical' | 'horizontal', context: EanEdgesContext): BarcodeRead[] {
  const scanner = new EdgeScanner(view.image, { bars });
  const votes = new Map<string, Vote>();
  const halves = new Map<string, HalfVote>();
  const halvesOnLine: HalfHit[][] = [];
  for (let line = 0; line < scanner.lines; line++) {
    const elements = lineElements(scanner.edgesOf(line).at);
    // A reading counts once a line, however often the line spells it (two prints of one code side by side).
    const seen = new Set<string>();
    for (const read of decodeEanLine(elements)) {
      if (seen.has(`${read.type}:${read.digits}`)) continue;
      seen.add(`${read.type}:${read.digits}`);
      vote(votes, read.type, read.digits, { start: read.start, end: read.end, line });
    }
    // Every half stays on its line (to oppose a mixed pair there); each counts once a line as evidence.
    halvesOnLine[line] = decodeEanHalves(elements).map((half) => ({ ...half, line }));
    for (const hit of halvesOnLine[line]!) {
      const key = `${hit.side}:${hit.digits}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = halves.get(key) ?? { side: hit.side, digits: hit.digits, hits: [] };
      entry.hits.push(hit);
      halves.set(key, entry);
    }
  }
  joinHalves(halves, halvesOnLine, votes);

  const reads: BarcodeRead[] = [];
  // Along a line, across the lines: x and y for rows, y and x for columns.
  const corner = (along: number, line: number) => applyAffine(view.toOriginal, bars === 'vertical' ? { x: along, y: line } : { x: line, y: along });
  for (const { type, digits, lines, first, last } of votes.values()) {
    if (lines < minLines) continue;
    const reported = reportedAs(type, digits, context);
    if (!reported) continue;
    reads.push({
      type: reported.type,
      text: reported.text,
      bytes: new TextEncoder().encode(reported.text),
      points: [corner(first.start, first.line), corner(first.end, first.line), corner(last.end, last.line), corner(last.start, last.line)],
      linear: true,
      lineCount: lines,
    });
  }
  return reads;
}

function vote(votes: Map<string, Vote>, type: Vote['type'], digits: string, span: Span): void {
  const key = `${type}:${digits}`;
  const existing = votes.get(key);
  if (!existing) votes.set(key, { type, digits, lines: 1, first: span, last: span });
  else {
    existing.lines++;
    existing.last = span;
  }
}

/**
 * EAN-13 readings made of a left and a right half with a valid check digit. A half's hits count only
 * in runs of lines where no different half of the other side was read at that centre (within
 * `joinLines` of the run): a symbol read whole, or the other half of a different code stacked next
 * to it, is no evidence for a mixed pair, even where glare leaves one half on the lines between
 * (two stacked codes otherwise made two that do not exist). Of those, the hits with a partner of the
 * other half (`arePartners`) count; each half must keep `minLines`, and the reading counts the
 * weaker half's lines, or the lines that spelled it whole if they are more.
 */
function joinHalves(halves: Map<string, HalfVote>, halvesOnLine: readonly HalfHit[][], votes: Map<string, Vote>): void {
  const strong = [...halves.values()].filter((h) => h.hits.length >= minLines);
  for (const left of strong.filter((h) => h.side === 'left')) {
    for (const right of strong.filter((h) => h.side === 'right')) {
      const digits = left.digits + right.digits;
      if (!hasValidCheckDigit(digits)) continue;
      const lefts = unopposed(left, right, halvesOnLine);
      const rights = unopposed(right, left, halvesOnLine);
      const leftLines = lefts.filter((l) => rights.some((r) => arePartners(l, r)));
      const rightLines = rights.filter((r) => lefts.some((l) => arePartners(l, r)));
      const lines = Math.min(leftLines.length, rightLines.length);
      if (lines < minLines) continue;
      const span = (l: HalfHit): Span => {
        const r = nearest(rightLines, l.line);
        return { start: Math.min(l.outer, r.outer), end: Math.max(l.outer, r.outer), line: l.line };
      };
      const whole = votes.get(`EAN_13:${digits}`);
      if (whole) whole.lines = Math.max(whole.lines, lines);
      else votes.set(`EAN_13:${digits}`, { type: 'EAN_13', digits, lines, first: span(leftLines[0]!), last: span(leftLines[leftLines.length - 1]!) });
    }
  }
}

/**
 * The hits of `half` in runs of lines (at most `runGap` apart, one centre) where no half of the
 * other side but `partner` was read at that centre, on the run's lines or within `joinLines` of them.
 */
function unopposed(half: HalfVote, partner: HalfVote, halvesOnLine: readonly HalfHit[][]): HalfHit[] {
  const kept: HalfHit[] = [];
  let run: HalfHit[] = [];
  const closeRun = () => {
    const from = Math.max(0, run[0]!.line - joinLines);
    const to = Math.min(halvesOnLine.length - 1, run[run.length - 1]!.line + joinLines);
    const centre = run[0]!;
    let opposed = false;
    for (let line = from; line <= to && !opposed; line++) {
      opposed = halvesOnLine[line]!.some(
        (o) => o.side === partner.side && o.digits !== partner.digits && Math.abs(o.centre - centre.centre) <= joinModules * centre.module,
      );
    }
    if (!opposed) kept.push(...run);
    run = [];
  };
  for (const hit of half.hits) {
    const previous = run[run.length - 1];
    if (previous && (hit.line - previous.line > runGap || Math.abs(hit.centre - previous.centre) > joinModules * hit.module)) closeRun();
    run.push(hit);
  }
  if (run.length > 0) closeRun();
  return kept;
}

/** Whether a left and a right half read on two lines can be of one symbol: near lines, one centre, alike modules, on either side of it. */
function arePartners(l: HalfHit, r: HalfHit): boolean {
  if (Math.abs(l.line - r.line) > joinLines || Math.abs(l.centre - r.centre) > joinModules * Math.min(l.module, r.module)) return false;
  const leftReach = l.outer - l.centre;
  const rightReach = r.outer - r.centre;
  const ratio = Math.abs(leftReach) / Math.abs(rightReach);
  return Math.sign(leftReach) !== Math.sign(rightReach) && ratio <= maxHalfRatio && 1 / ratio <= maxHalfRatio;
}

/** The hit on the line nearest to `line`. */
function nearest<T extends { line: number }>(hits: readonly T[], line: number): T {
  return hits.reduce((best, h) => (Math.abs(h.line - line) < Math.abs(best.line - line) ? h : best));
}

/** How a reading is reported to this client (see `reportedGtin13`), or undefined when it did not ask for its symbology. */
function reportedAs(type: Vote['type'], digits: string, context: EanEdgesContext): { type: BarcodeType; text: string } | undefined {
  if (type === 'EAN_13') return reportedGtin13(digits, context);
  const asked = type === 'EAN_8' ? context.scanEan8 : context.scanUpce;
  return asked ? { type, text: digits } : undefined;
}

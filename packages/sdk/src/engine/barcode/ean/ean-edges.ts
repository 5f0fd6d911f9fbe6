/**
 * EAN-13, UPC-A (an EAN-13 with a leading 0), EAN-8 and UPC-E decoded from the sub-pixel edge
 * positions of one line across the bars, character by character. zxing decodes from a binarized
 * line's run lengths, in whole pixels, against the whole symbol's module; here each character is
 * judged on its own span (its four elements, 7 modules) and by its edge-to-similar-edge distances
 * (bar start to bar start, space start to space start), which ink spread, blur and a glare-thinned
 * bar shift by the same amount at both ends. That is how ZBar's and the UPC specification's
 * reference decoders read a character; the reading is checked by the guards' widths, the
 * characters' spans against each other, the quiet zones on the line, the parity pattern and the
 * check digit.
 */

import { ean13Parities, hasValidCheckDigit, lCodes, upcaOfUpce, upceParities } from './ean-codes.ts';

/** Widths (modules) of each digit's L code (space, bar, space, bar): its runs. R codes have the same widths from a bar, G codes them reversed. */
const lWidths = lCodes.map((code) => code.match(/0+|1+/g)!.map((run) => run.length) as [number, number, number, number]);

/**
 * Digits by their two edge-to-similar-edge distances (modules, 2–5 each) in a character's own
 * order: first + second element, second + third. 1 and 7 (and 2 and 8) share them and are told
 * apart by their first and third elements (4 modules for 1 and 2, 2 for 7 and 8).
 */
const byDistances = new Map<number, number[]>();
for (let d = 0; d < 10; d++) {
  const [a, b, c] = lWidths[d]!;
  const key = (a + b) * 8 + (b + c);
  byDistances.set(key, [...(byDistances.get(key) ?? []), d]);
}

/** One character read from its four widths: the digit and whether its widths run as an L (or R) code or reversed (G). */
interface Character {
  digit: number;
  parity: 'L' | 'G';
}

/** A symbology's layout in elements: guards, then characters, each half's characters after its guard. */
interface Layout {
  type: 'EAN_13' | 'EAN_8' | 'UPC_E';
  /** Characters before and after the centre guard (UPC-E has none: all six before its end guard). */
  halves: readonly [number, number];
  /** Elements of the start, centre and end guards. */
  guards: readonly [number, number, number];
}

const layouts: readonly Layout[] = [
  { type: 'EAN_13', halves: [6, 6], guards: [3, 5, 3] },
  { type: 'EAN_8', halves: [4, 4], guards: [3, 5, 3] },
  { type: 'UPC_E', halves: [6, 0], guards: [3, 0, 6] },
];

/** A character's span may differ from its neighbour's by at most this ratio (perspective foreshortens gradually). */
const maxSpanRatio = 1.3;
/**
 * Least light on the line beyond each outer guard, in modules (the line's own end counts as enough).
 * The specifications ask for 7–11; a crop's border, a glare spot or a speck can put an edge into it,
 * and the margin is judged again on the image (`hasConvincingQuietZones`).
 */
const minQuietModules = 3;

/** A symbol found on a line: its type, its digits and the positions of its outer guard edges along the line. */
export interface EanLineRead {
  type: Layout['type'];
  /** 13 digits for EAN-13 (a UPC-A with its leading 0), 8 for EAN-8 and UPC-E (number system, six digits, check digit). */
  digits: string;
  start: number;
  end: number;
}

/**
 * Every EAN-13/UPC-A, EAN-8 and UPC-E a line's edges spell, either way round. `edges` are signed
 * sub-pixel positions in order, negative where the line turns dark, as `EdgeScanner` gives them.
 */
export function decodeEanLine(edges: readonly number[]): EanLineRead[] {
  const reads: EanLineRead[] = [];
  // Elements between consecutive edges; the first is a bar when the line's first edge falls.
  const positions = edges.map(Math.abs);
  const forward = positions.slice(1).map((p, i) => p - positions[i]!);
  const firstIsBar = edges[0]! < 0;
  // A symbol upside down on the line reads forwards on the reversed elements.
  for (const reversed of [false, true]) {
    const widths = reversed ? forward.slice().reverse() : forward;
    const barFirst = firstIsBar !== (reversed && widths.length % 2 === 0);
    for (let k = barFirst ? 0 : 1; k < widths.length; k += 2) {
      for (const layout of layouts) {
        const read = decodeAt(widths, k, layout);
        if (!read) continue;
        // Element k starts at edge k of the order read; mapped back to positions along the line.
        const count = elementCount(layout);
        const first = reversed ? widths.length - (k + count) : k;
        reads.push({ type: layout.type, digits: read, start: positions[first]!, end: positions[first + count]! });
        // Every layout has an odd count: the next bar after the symbol's quiet zone.
        k += count - 1;
        break;
      }
    }
  }
  return reads;
}

function elementCount({ halves, guards }: Layout): number {
  return guards[0] + guards[1] + guards[2] + 4 * (halves[0] + halves[1]);
}

/** The digits of a symbol of `layout` whose start guard is element `k` (a bar) of `widths`, or null. */
function decodeAt(widths: readonly number[], k: number, layout: Layout): string | null {
  const count = elementCount(layout);
  if (k + count > widths.length) return null;
  const [before, after] = layout.halves;
  const [startGuard, centreGuard, endGuard] = layout.guards;
  // The start guard and the light before it first: most places on a line fail there, cheaply.
  const firstSpan = spanAt(widths, k + startGuard);
  if (!isGuard(widths, k, startGuard, firstSpan) || !hasQuietZone(widths, k - 1, firstSpan)) return null;
  const decoded = decodeCharacters(widths, k + startGuard, before, after, centreGuard);
  if (!decoded) return null;
  const { characters, spans } = decoded;
  const last = spans[spans.length - 1]!;
  if (!isGuard(widths, k + count - endGuard, endGuard, last) || !hasQuietZone(widths, k + count, last)) return null;
  if (centreGuard > 0 && !isGuard(widths, k + startGuard + 4 * before, centreGuard, (spans[before - 1]! + spans[before]!) / 2)) return null;
  const digits = digitsOf(characters, layout);
  return digits && hasValidCheckDigit(layout.type === 'UPC_E' ? upcaOfUpce(digits) : digits) ? digits : null;
}

/** Whether element `at` (a space beyond a guard, beside a character spanning `span`) is light enough for a quiet zone; none (the line's end) is. */
function hasQuietZone(widths: readonly number[], at: number, span: number): boolean {
  const width = widths[at];
  return width === undefined || inModules(width, span) >= minQuietModules;
}

/** A width in modules, beside a character spanning `span` (7 modules). */
function inModules(width: number, span: number): number {
  return (7 * width) / span;
}

/**
 * `before` characters from element `at`, then (after a centre guard of `gap` elements) `after` more:
 * each read on its own span, neighbouring spans within `maxSpanRatio` of each other. Null when one
 * does not spell a digit.
 */
function decodeCharacters(
  widths: readonly number[],
  at: number,
  before: number,
  after: number,
  gap: number,
): { characters: Character[]; spans: number[] } | null {
  const characters: Character[] = [];
  const spans: number[] = [];
  for (let c = 0; c < before + after; c++) {
    const from = at + 4 * c + (c >= before ? gap : 0);
    const span = spanAt(widths, from);
    const previous = spans[c - 1];
    if (previous !== undefined && (span > maxSpanRatio * previous || previous > maxSpanRatio * span)) return null;
    const character = decodeCharacter(widths, from, span);
    if (!character) return null;
    characters.push(character);
    spans.push(span);
  }
  return { characters, spans };
}

/** The symbol's digits from its characters and their parities, or null when the parities spell no symbol of the layout. */
function digitsOf(characters: readonly Character[], layout: Layout): string | null {
  const [before] = layout.halves;
  const left = characters.slice(0, before);
  const right = characters.slice(before);
  const parity = left.map((c) => c.parity).join('');
  const digits = characters.map((c) => c.digit).join('');
  if (right.some((c) => c.parity !== 'L')) return null;
  if (layout.type === 'EAN_8') return parity === 'LLLL' ? digits : null;
  if (layout.type === 'EAN_13') {
    const lead = (ean13Parities as readonly string[]).indexOf(parity);
    return lead >= 0 ? `${lead}${digits}` : null;
  }
  // Number system 0 only. Its parity patterns all start with G and an EAN-13's left half with L, so
  // no EAN-13 spells one; number system 1's patterns are EAN-13's own, and an EAN-13's left half,
  // centre guard and next bar spell such a UPC-E (a glare-lit ISBN was read so on ten lines, and
  // where glare washes out the rest there is no margin left to tell). zxing's passes, which check
  // the margins, still read number system 1.
  const check = (upceParities as readonly string[]).indexOf(parity);
  return check >= 0 ? `0${digits}${check}` : null;
}

/** A character's span: its four elements from `at`. */
function spanAt(widths: readonly number[], at: number): number {
  return widths[at]! + widths[at + 1]! + widths[at + 2]! + widths[at + 3]!;
}

/** The digit the four widths from `at` spell, as an L/R code or (widths reversed) a G code, or null when they spell none. */
function decodeCharacter(widths: readonly number[], at: number, span: number): Character | null {
  const modules = (x: number) => Math.round(inModules(x, span));
  // Every pair of distances belongs to one parity only: L codes and G codes never share one.
  for (const parity of ['L', 'G'] as const) {
    // A G code is an L code's widths reversed: read the four from the other end.
    const step = parity === 'L' ? 1 : -1;
    const first = parity === 'L' ? at : at + 3;
    const a = widths[first]!;
    const b = widths[first + step]!;
    const c = widths[first + 2 * step]!;
    const candidates = byDistances.get(modules(a + b) * 8 + modules(b + c));
    if (!candidates) continue;
    if (candidates.length === 1) return { digit: candidates[0]!, parity };
    // 1 or 7, 2 or 8: first and third elements 4 modules against 2. Both are of one colour, so ink
    // spread moves their sum twice over: the module either side of 3 is its tolerance.
    const [wide, narrow] = candidates as [number, number];
    return { digit: inModules(a + c, span) >= 3 ? wide : narrow, parity };
  }
  return null;
}

/** Whether `count` elements from `at` have every neighbouring pair about 2 modules wide (beside a character spanning `span`). */
function isGuard(widths: readonly number[], at: number, count: number, span: number): boolean {
  for (let i = at; i < at + count - 1; i++) {
    if (Math.round(inModules(widths[i]! + widths[i + 1]!, span)) !== 2) return false;
  }
  return true;
}

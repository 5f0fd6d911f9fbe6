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

/** Widths (modules) of each digit's L code (space, bar, space, bar); R codes have the same widths from a bar, G codes them reversed. */
const lWidths = [
  [3, 2, 1, 1],
  [2, 2, 2, 1],
  [2, 1, 2, 2],
  [1, 4, 1, 1],
  [1, 1, 3, 2],
  [1, 2, 3, 1],
  [1, 1, 1, 4],
  [1, 3, 1, 2],
  [1, 2, 1, 3],
  [3, 1, 1, 2],
] as const;

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

/** The left half's L/G parity pattern for each first digit of an EAN-13. */
const ean13Parities = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
/** A UPC-E's parity pattern for each check digit, number system 0 (number system 1 has them swapped). */
const upceParities = ['GGGLLL', 'GGLGLL', 'GGLLGL', 'GGLLLG', 'GLGGLL', 'GLLGGL', 'GLLLGG', 'GLGLGL', 'GLGLLG', 'GLLGLG'];

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
 * Least light on the line beyond each outer guard, in modules. The specifications ask for 7–11; a
 * crop's border, a glare spot or a speck can put an edge into it, and the margin is judged again on
 * the image (`hasConvincingQuietZones`).
 */
const minQuietModules = 3;
/**
 * … except after a UPC-E. An EAN-13's left half, centre guard and the right half's first bar spell
 * a UPC-E of number system 1 (its parity patterns are EAN-13's), whose quiet zone is that
 * character's space, up to 4 modules: a glare-lit photo of an ISBN was read so on ten lines. Where
 * glare washes out the rest of the right half there is no space to measure at all, so number
 * system 1 is not read here either (zxing's passes, which check the margins, still read it).
 */
const minQuietAfterUpce = 5;

/** A symbol found on a line: its type, its digits and the positions of its outer guard edges along the line. */
export interface EanLineRead {
  type: Layout['type'];
  /** 13 digits for EAN-13 (a UPC-A with its leading 0), 8 for EAN-8 and UPC-E (number system, six digits, check digit). */
  digits: string;
  start: number;
  end: number;
}

/**
 * Every EAN-13/UPC-A, EAN-8 and UPC-E a line's edges spell, either way round. `edges` are the
 * line's signed sub-pixel edge positions in order (negative where it turns dark, alternating in
 * sign), as `EdgeScanner` gives them.
 */
export function decodeEanLine(edges: readonly number[]): EanLineRead[] {
  const reads: EanLineRead[] = [];
  const positions = edges.map(Math.abs);
  // Elements between consecutive edges; a bar starts at a falling edge. A symbol upside down on the
  // line reads forwards on the reversed elements.
  const forwardWidths = positions.slice(1).map((p, i) => p - positions[i]!);
  for (const reversed of [false, true]) {
    const widths = reversed ? forwardWidths.slice().reverse() : forwardWidths;
    const barFirst = edges[0]! < 0 !== (reversed && widths.length % 2 === 0);
    for (let k = barFirst ? 0 : 1; k < widths.length; k += 2) {
      for (const layout of layouts) {
        const read = decodeAt(widths, k, layout);
        if (!read) continue;
        // Element k starts at edge k of the order read; mapped back to positions along the line.
        const count = elementCount(layout);
        const first = reversed ? widths.length - (k + count) : k;
        reads.push({ type: layout.type, digits: read, start: positions[first]!, end: positions[first + count]! });
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
  const characters: Character[] = [];
  const spans: number[] = [];
  for (let c = 0; c < before + after; c++) {
    const at = k + startGuard + 4 * c + (c >= before ? centreGuard : 0);
    const w = widths.slice(at, at + 4) as [number, number, number, number];
    const span = w[0] + w[1] + w[2] + w[3];
    const previous = spans[c - 1];
    if (previous !== undefined && (span > maxSpanRatio * previous || previous > maxSpanRatio * span)) return null;
    const character = decodeCharacter(w, span);
    if (!character) return null;
    characters.push(character);
    spans.push(span);
  }
  const first = spans[0]!;
  const last = spans[spans.length - 1]!;
  if (!isGuard(widths, k, startGuard, first) || !isGuard(widths, k + count - endGuard, endGuard, last)) return null;
  if (centreGuard > 0 && !isGuard(widths, k + startGuard + 4 * before, centreGuard, (spans[before - 1]! + spans[before]!) / 2)) return null;
  // Quiet zones: the elements before and after the symbol (none: the line's own margin, free of edges).
  const quietBefore = widths[k - 1] ?? Number.POSITIVE_INFINITY;
  const quietAfter = widths[k + count] ?? Number.POSITIVE_INFINITY;
  const minQuietAfter = layout.type === 'UPC_E' ? minQuietAfterUpce : minQuietModules;
  if ((7 * quietBefore) / first < minQuietModules || (7 * quietAfter) / last < minQuietAfter) return null;
  const digits = digitsOf(characters, layout);
  return digits && hasValidCheckDigit(layout.type === 'UPC_E' ? upcaOfUpce(digits) : digits) ? digits : null;
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
    const lead = ean13Parities.indexOf(parity);
    return lead >= 0 ? `${lead}${digits}` : null;
  }
  // Number system 0 only (see `minQuietAfterUpce`): its parity patterns are no EAN-13's.
  const check = upceParities.indexOf(parity);
  return check >= 0 ? `0${digits}${check}` : null;
}

/** The digit four widths spell, as an L/R code or (widths reversed) a G code, or null when they spell none. */
function decodeCharacter(w: readonly [number, number, number, number], span: number): Character | null {
  const modules = (x: number) => Math.round((7 * x) / span);
  // Every pair of distances belongs to one parity only: L codes and G codes never share one.
  for (const parity of ['L', 'G'] as const) {
    const [a, b, c] = parity === 'L' ? w : [w[3], w[2], w[1]];
    const candidates = byDistances.get(modules(a + b) * 8 + modules(b + c));
    if (!candidates) continue;
    if (candidates.length === 1) return { digit: candidates[0]!, parity };
    // 1 or 7, 2 or 8: first and third elements (one colour, so ink spread shifts them alike) 4 modules against 2.
    const [wide, narrow] = candidates as [number, number];
    return { digit: (7 * (a + c)) / span >= 3 ? wide : narrow, parity };
  }
  return null;
}

/** Whether `count` elements from `at` have every neighbouring pair about 2 modules wide (beside a character spanning `span`). */
function isGuard(widths: readonly number[], at: number, count: number, span: number): boolean {
  for (let i = at; i < at + count - 1; i++) {
    if (Math.round((7 * (widths[i]! + widths[i + 1]!)) / span) !== 2) return false;
  }
  return true;
}

/** The UPC-A (12 digits) a UPC-E (number system, six digits, check digit) stands for. */
export function upcaOfUpce(upce: string): string {
  const [ns, d1, d2, d3, d4, d5, d6, check] = [...upce] as string[];
  const body =
    d6 === '0' || d6 === '1' || d6 === '2'
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === '3'
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === '4'
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

/** The GTIN check digit: weights 1 and 3 alternating from the right, making the sum a multiple of 10. */
function hasValidCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

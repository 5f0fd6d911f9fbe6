/**
 * EAN-13 (and UPC-A, an EAN-13 with a leading 0), EAN-8 and UPC-E decoded from a blurred intensity
 * profile across the bars, by fitting the symbol's known structure instead of thresholding edges. A
 * defocused photo merges thin bars and spaces into grey, so edge-based readers (zxing's) lose count
 * of modules; but the grey level between two bars still says how far apart they are. Each digit's
 * seven modules, with the module on each side that the layout fixes, are rendered for every
 * candidate code at the profile's blur and scale, and the candidate that fits best (least squares,
 * free gain and offset) is taken — first for the guards (which fix position, scale and blur), then
 * for the digits, the parity pattern of the L and G codes giving EAN-13's first digit (UPC-E's
 * number system and check digit), and the check digit checking the whole.
 */

import type { BarcodeType } from '../../../api/barcode.ts';
import { ean13Parities, eanUpcModules, hasValidCheckDigit, lCodes, upcaOfUpce, upceParities } from './ean-codes.ts';

/** Module patterns of the digits (1 = bar): L and G codes on the left half, R codes on the right. */
const rCodes = lCodes.map((code) => [...code].map((b) => (b === '1' ? '0' : '1')).join(''));
const gCodes = rCodes.map((code) => [...code].reverse().join(''));

/** The symbologies the fit knows (UPC-A is read as the EAN-13 it is). */
export type ProfileSymbology = 'EAN_13' | 'EAN_8' | 'UPC_E';

/** The layout a read of `type` is fitted with: its own, UPC-A's being EAN-13's; none for other types. */
export function profileSymbologyOf(type: BarcodeType): ProfileSymbology | undefined {
  if (type === 'UPC_A') return 'EAN_13';
  return type === 'EAN_13' || type === 'EAN_8' || type === 'UPC_E' ? type : undefined;
}

/** A digit's fit: `code` (7 modules) from module `first` on, between the fixed modules `before` and `after`; its residual. */
type DigitFit = (first: number, code: string, before: string, after: string) => number;

/** Where a symbology's guards and digits lie, and how its digits are told from their fits. */
interface ProfileLayout {
  /** Modules from the start guard's first bar to the end guard's last. */
  modules: number;
  /** The end guard with the last digit's last module before it and `quietModules` of quiet zone after it. */
  endTemplate: string;
  /** Where the centre guard's middle lies (modules from the start); UPC-E has none. */
  centre?: number;
  /** The digits the fits spell and the weakest digit's margin, or null when they spell no valid symbol. */
  digitsOf: (fit: DigitFit) => { digits: string; margin: number } | null;
}

/** Blur (Gaussian σ) tried, in modules: from a sharp print to bars merged into grey. */
const blurs = [0.3, 0.5, 0.7, 0.9, 1.1, 1.4];

export interface ProfileDecoding {
  /** The digits: 13 (EAN-13, UPC-A with a leading 0) or 8 (EAN-8; UPC-E: number system, six digits, check digit). */
  digits: string;
  /** Where the symbol starts and ends on the profile (the outer edges of its guard bars). */
  start: number;
  end: number;
  /** The weakest digit's evidence: how much worse (relative residual) its runner-up fits; higher is surer. */
  margin: number;
  /** The label shape it was read in (`Placement.bulge`: 0 flat, more for a label round a cylinder). */
  bulge: number;
}

/** What a fit of a template to a stretch of the profile left over: mean squared residual after gain and offset. */
interface Fit {
  residual: number;
  /** The share of the profile's variance over the span the template leaves unexplained (1 − r²). */
  unexplained: number;
  /** The fitted gain: the profile's swing between bar and space where the template swings fully (0…1 scale). */
  gain: number;
}

export interface ProfileOptions {
  /** The symbology fitted (EAN-13 by default, which UPC-A is). */
  symbology?: ProfileSymbology;
  /** Least margin of the weakest digit (see `ProfileDecoding.margin`). */
  minMargin?: number;
  /** Bounds of the symbol's length on the profile (px), when the caller knows roughly where it is. */
  length?: { min: number; max: number };
}

/** A flat label: even modules in each half. */
export const flatLabel: readonly number[] = [0];

/**
 * A label round a bottle or can (`Placement.bulge`): arcs of about ±21°, 30°, 37° and 45° of the
 * cylinder, the end modules 0.93, 0.87, 0.8 and 0.71 of the middle's. Fitted flat, a ±30° arc's
 * digits half-way to each guard lie nearly a module off; where modules are 1.5 px or more zxing,
 * which measures each bar where it lies, reads such a label anyway, so this matters to the fine
 * symbols only the fit reads.
 */
export const curvedLabels: readonly number[] = [0.035, 0.07, 0.11, 0.17];

/**
 * The symbol's guards placed on `profile` once, and a decoder that tries label shapes (bulges) there
 * in turn until one reads something sure: a caller may try a flat label both ways round before
 * a curved one (`readEanProfiles`).
 */
export function eanProfileFit(profile: Float64Array, options: ProfileOptions = {}): (bulges: readonly number[]) => ProfileDecoding | null {
  const { symbology = 'EAN_13', minMargin = 0.25 } = options;
  const layout = layouts[symbology];
  const length = options.length ?? { min: minModulePx * layout.modules, max: profile.length };
  const p = normalized(profile);
  // The guards are placed with even modules: a bulge moves the digits between them, and a curved
  // label's short guards fit as well as a flat one's.
  const placed = placements(p, length, layout).map((candidate) => {
    const m = (candidate.end - candidate.start) / layout.modules;
    return blurs.map((sigma) => ({ placement: refine(p, candidate, m, sigma * m, layout), m }));
  });
  const everyPlacement = placed.flat();
  const bent = bendable(placed).flat();
  return (bulges) => {
    for (const bulge of bulges) {
      const best = surestDecoding(p, bulge === 0 ? everyPlacement : bent, layout, bulge);
      if (best && best.margin >= minMargin) return best;
    }
    return null;
  };
}

/**
 * The placements a curved label is fitted at (each bulge costs a fit of them): the best guard fit
 * and the last, the whole dark extent when `placements` added it (where a blurred symbol's guards
 * lie once their thin bars merged). Bending every placement cost the eval twice its CPU time.
 */
function bendable<T>(placed: readonly T[]): T[] {
  return placed.length > 1 ? [placed[0]!, placed[placed.length - 1]!] : [...placed];
}

/** The surest decoding of the symbol placed as `placed`, its modules bulged by `bulge`. */
function surestDecoding(
  p: Float64Array,
  placed: ReadonlyArray<{ placement: GuardPlacement; m: number }>,
  layout: ProfileLayout,
  bulge: number,
): ProfileDecoding | null {
  let best: ProfileDecoding | null = null;
  for (const { placement, m } of placed) {
    // The centre guard's 1 0 1 0 1 repeats in its neighbours' modules, so its fit may lock on two
    // modules off: those places are decoded too (a wrong one seldom passes the checksum).
    for (const shift of layout.centre === undefined ? [0] : centreShifts) {
      const decoded = decodeDigits(p, { ...placement, centre: placement.centre + shift * m, bulge }, layout);
      if (decoded && (!best || decoded.margin > best.margin)) best = decoded;
    }
  }
  return best;
}

/** Offsets (modules) from the fitted centre guard tried when decoding. */
const centreShifts = [-2, 0, 2];

/** Finest module (px of the profile) a placement may have. */
const minModulePx = 0.8;

/**
 * Modules of quiet zone the guard templates take in beyond the symbol: fewer than the standard's
 * 7–11 (labels are printed tighter, and a UPC-E's check digit is printed in its right-hand one,
 * beside the guard's long bars).
 */
const quietModules = 3;

/** The start guard with `quietModules` of quiet zone before it and the first digit's first module (a space) after. */
const startTemplate = `${'0'.repeat(quietModules)}1010`;

/** Where a layout's `endTemplate` begins: this many modules before the symbol's end. */
function endTemplateOffset(layout: ProfileLayout): number {
  return layout.endTemplate.length - quietModules;
}
/** The centre guard with the module on each side of it (a bar: the left half's digits end with one, the right half's begin with one). */
const centreTemplate = '1010101';

/** Least swing (0…1 of the normalized profile) of a guard's bars against its spaces. */
const minGuardGain = 0.25;
/** Placements tried, best guard fit first. */
const maxPlacements = 4;

/**
 * Where the symbol may lie: every pair of a dark run's start and a later dark run's end far enough
 * apart (a profile may also hold an add-on symbol, printed digits, a neighbouring code), scored by how
 * well the guards (start, end, and centre where the layout has one) fit there at a moderate blur; the
 * best few.
 */
function placements(p: Float64Array, length: { min: number; max: number }, layout: ProfileLayout): Array<{ start: number; end: number }> {
  const runs = darkRuns(p);
  const { modules, endTemplate, centre: centreAt } = layout;
  const endBefore = endTemplateOffset(layout);
  // Starts and ends scored alone first (at the module size of the middle of the expected length): the few best of each are paired.
  const m0 = (length.min + length.max) / 2 / modules;
  const guardFit = (bits: string, x: number, before: number) => fitTemplate(p, bits, uniformModules(x - before * m0, m0), 0.6 * m0).unexplained;
  const best = <T>(items: T[], score: (item: T) => number) =>
    items
      .map((item) => ({ item, score: score(item) }))
      .sort((a, b) => a.score - b.score)
      .slice(0, guardCandidates)
      .map((x) => x.item);
  const starts = best(
    runs.map((r) => r.start),
    (x) => guardFit(startTemplate, x, 3),
  );
  const ends = best(
    runs.map((r) => r.end),
    (x) => guardFit(endTemplate, x, endBefore),
  );
  const scored: Array<{ start: number; end: number; residual: number }> = [];
  for (const start of starts) {
    for (const end of ends) {
      const m = (end - start) / modules;
      if (m < minModulePx || end - start < length.min || end - start > length.max) continue;
      const uniform = (origin: number) => uniformModules(origin, m);
      const sigmaPx = 0.6 * m;
      const guards = [fitTemplate(p, startTemplate, uniform(start - 3 * m), sigmaPx), fitTemplate(p, endTemplate, uniform(end - endBefore * m), sigmaPx)];
      if (centreAt !== undefined) {
        // The centre guard within two modules of the middle: perspective scales the halves differently.
        let centre = fitTemplate(p, centreTemplate, uniform(start + (centreAt - 3.5) * m), sigmaPx);
        for (let shift = -2 * m; shift <= 2 * m; shift += 0.25 * m) {
          const fit = fitTemplate(p, centreTemplate, uniform(start + (centreAt - 3.5) * m + shift), sigmaPx);
          if (fit.unexplained < centre.unexplained) centre = fit;
        }
        guards.push(centre);
      }
      // Guards must swing between bar and space (a flat stretch fits any template's shape at no gain).
      if (guards.some((g) => g.gain < minGuardGain)) continue;
      scored.push({ start, end, residual: guards.reduce((sum, g) => sum + g.unexplained, 0) });
    }
  }
  const chosen = scored.sort((x, y) => x.residual - y.residual).slice(0, maxPlacements);
  // And the whole dark extent: under heavy blur the guards' thin bars merge into their neighbours' runs.
  if (runs.length > 1) chosen.push({ start: runs[0]!.start, end: runs[runs.length - 1]!.end, residual: 0 });
  return chosen;
}

/** Run starts (and ends) kept as possible start (end) guards. */
const guardCandidates = 6;

/** The profile's dark runs (below the middle of its range). */
function darkRuns(p: Float64Array): Array<{ start: number; end: number }> {
  const runs: Array<{ start: number; end: number }> = [];
  for (let x = 0; x < p.length; x++) {
    if (p[x]! >= 0.55) continue;
    const start = x;
    while (x < p.length && p[x]! < 0.55) x++;
    runs.push({ start, end: x });
  }
  return runs;
}

/**
 * Where the symbol lies: its guards' outer edges, and the centre guard, module `middle` of the
 * layout, between them (each half scaled on its own: perspective); UPC-E, with no centre guard, has
 * its middle module there.
 */
interface Placement {
  start: number;
  end: number;
  centre: number;
  middle: number;
  /** The layout's modules. */
  modules: number;
  sigmaPx: number;
  /**
   * A label round a cylinder, seen from the front: each half's modules narrow from the middle
   * towards its guard, the end ones 1 − `bulge` of the half's mean and the middle ones 1 + `bulge`
   * (so the end ones about 1 − 2·`bulge` of the middle's; 0: flat). A quadratic in each half, close
   * to the sine a cylinder gives.
   */
  bulge: number;
}

/** Where the guards put the symbol, before a label shape (`Placement.bulge`) is chosen. */
type GuardPlacement = Omit<Placement, 'bulge'>;

/** Profile scaled to 0 (darkest) … 1 (lightest) against a running envelope, so glare and shading do not count. */
function normalized(profile: Float64Array): Float64Array {
  const n = profile.length;
  const window = Math.max(8, Math.round(n / 10));
  const low = runningExtreme(profile, window, Math.min);
  const high = runningExtreme(profile, window, Math.max);
  const out = new Float64Array(n);
  for (let x = 0; x < n; x++) {
    const range = high[x]! - low[x]!;
    out[x] = range < 12 ? 1 : (profile[x]! - low[x]!) / range;
  }
  return out;
}

function runningExtreme(values: Float64Array, radius: number, pick: (a: number, b: number) => number): Float64Array {
  const out = new Float64Array(values.length);
  for (let x = 0; x < values.length; x++) {
    let v = values[x]!;
    for (let k = Math.max(0, x - radius); k <= Math.min(values.length - 1, x + radius); k++) v = pick(v, values[k]!);
    out[x] = v;
  }
  // Smoothed, so that a single bar does not pull its neighbours' scale.
  const smooth = new Float64Array(values.length);
  for (let x = 0; x < values.length; x++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, x - radius); k <= Math.min(values.length - 1, x + radius); k++, count++) sum += out[k]!;
    smooth[x] = sum / count;
  }
  return smooth;
}

/**
 * Fits the guards near a candidate placement: the start guard (quiet zone, 1 0 1, the first digit's
 * leading space), the end guard, then the centre guard between them (if the layout has one), each
 * within a module and a half.
 */
function refine(p: Float64Array, near: { start: number; end: number }, m0: number, sigmaPx: number, layout: ProfileLayout): GuardPlacement {
  const search = (from: number, to: number, fit: (x: number) => number) => {
    let bestX = from;
    let bestResidual = Number.POSITIVE_INFINITY;
    for (let x = from; x <= to; x += 0.2 * m0) {
      const r = fit(x);
      if (r < bestResidual) {
        bestResidual = r;
        bestX = x;
      }
    }
    return bestX;
  };
  const { modules, endTemplate, centre: centreAt } = layout;
  const start = search(
    near.start - 1.5 * m0,
    near.start + 1.5 * m0,
    (x) => fitTemplate(p, startTemplate, uniformModules(x - quietModules * m0, m0), sigmaPx).unexplained,
  );
  const end = search(
    near.end - 1.5 * m0,
    near.end + 1.5 * m0,
    (x) => fitTemplate(p, endTemplate, uniformModules(x - endTemplateOffset(layout) * m0, m0), sigmaPx).unexplained,
  );
  const m = (end - start) / modules;
  if (centreAt === undefined) return { start, end, centre: start + (modules / 2) * m, middle: modules / 2, modules, sigmaPx };
  const expected = start + centreAt * m;
  const centre = search(expected - 2 * m, expected + 2 * m, (x) => fitTemplate(p, centreTemplate, uniformModules(x - 3.5 * m, m), sigmaPx).unexplained);
  return { start, end, centre, middle: centreAt, modules, sigmaPx };
}

/** Module index → profile position for modules of `m` px from `origin`. */
function uniformModules(origin: number, m: number): (k: number) => number {
  return (k) => origin + k * m;
}

/**
 * Module index → profile position: each half stretched between its outer guard and the centre
 * (perspective), its modules narrowing towards the guard by the placement's `bulge` (a curved label).
 */
function moduleMap(pl: Placement): (k: number) => number {
  const { middle, bulge } = pl;
  const left = (pl.centre - pl.start) / middle;
  const right = (pl.end - pl.centre) / (pl.modules - middle);
  // The left half's position is t − bulge·t(1 − t) of its length, t running 0 → 1 from the guard
  // to the centre, the right half mirrored (written so that a flat label's are exactly the even ones).
  return (k) => {
    if (k <= middle) return pl.start + k * left * (1 - bulge * (1 - k / middle));
    const u = (k - middle) / (pl.modules - middle);
    return pl.centre + (k - middle) * right * (1 + bulge * (1 - u));
  };
}

function decodeDigits(p: Float64Array, pl: Placement, layout: ProfileLayout): ProfileDecoding | null {
  const render = new SymbolRender(p, pl);
  const decoded = layout.digitsOf((first, code, before, after) => render.fit(`${before}${code}${after}`, first - 1).residual);
  return decoded && { ...decoded, start: pl.start, end: pl.end, bulge: pl.bulge };
}

/** A left-half digit's residuals for each L code and each G code. */
interface LeftDigit {
  l: number[];
  g: number[];
}

/** The fits of `count` left-half digits from module 3: each between a bar (the guard's, or the digit before's last module) and a space. */
function leftDigits(fit: DigitFit, count: number): LeftDigit[] {
  return Array.from({ length: count }, (_, j) => ({
    l: lCodes.map((code) => fit(3 + 7 * j, code, '1', '0')),
    g: gCodes.map((code) => fit(3 + 7 * j, code, '1', '0')),
  }));
}

/** The fits of `count` right-half digits (R codes) from module `first`: each between a space and a bar. */
function rightDigits(fit: DigitFit, count: number, first: number): number[][] {
  return Array.from({ length: count }, (_, j) => rCodes.map((code) => fit(first + 7 * j, code, '0', '1')));
}

/** The parity pattern (L and G per left digit) whose best digits fit best overall: its index in `patterns`. */
function bestParity(left: readonly LeftDigit[], patterns: readonly string[]): number {
  let best = 0;
  let bestTotal = Number.POSITIVE_INFINITY;
  patterns.forEach((pattern, index) => {
    const total = left.reduce((sum, d, j) => sum + Math.min(...(pattern[j] === 'L' ? d.l : d.g)), 0);
    if (total < bestTotal) {
      bestTotal = total;
      best = index;
    }
  });
  return best;
}

/** The best-fitting digits in order, and the weakest one's margin over its runner-up. */
class ChosenDigits {
  text = '';
  margin = Number.POSITIVE_INFINITY;

  /** Left digits within `pattern`'s parity, each against every code of both parities (a G code read as an L). */
  left(digits: readonly LeftDigit[], pattern: string): this {
    digits.forEach((d, j) => {
      const own = pattern[j] === 'L' ? d.l : d.g;
      this.#choose(own, (digit) => [...d.l, ...d.g].filter((r) => r !== own[digit]));
    });
    return this;
  }

  right(digits: readonly number[][]): this {
    for (const residuals of digits) this.#choose(residuals, (digit) => residuals.filter((_, i) => i !== digit));
    return this;
  }

  #choose(residuals: readonly number[], rivals: (digit: number) => number[]): void {
    const digit = argmin(residuals);
    this.text += digit;
    this.margin = Math.min(this.margin, relativeMargin(residuals[digit]!, rivals(digit)));
  }
}

const layouts: Record<ProfileSymbology, ProfileLayout> = {
  EAN_13: {
    modules: eanUpcModules.EAN_13!,
    endTemplate: '0101000',
    centre: 47.5,
    digitsOf: (fit) => {
      const left = leftDigits(fit, 6);
      const first = bestParity(left, ean13Parities);
      const chosen = new ChosenDigits().left(left, ean13Parities[first]!).right(rightDigits(fit, 6, 50));
      const digits = `${first}${chosen.text}`;
      return hasValidCheckDigit(digits) ? { digits, margin: chosen.margin } : null;
    },
  },
  EAN_8: {
    modules: eanUpcModules.EAN_8!,
    endTemplate: '0101000',
    centre: 33.5,
    digitsOf: (fit) => {
      const chosen = new ChosenDigits().left(leftDigits(fit, 4), 'LLLL').right(rightDigits(fit, 4, 36));
      return hasValidCheckDigit(chosen.text) ? { digits: chosen.text, margin: chosen.margin } : null;
    },
  },
  UPC_E: {
    modules: eanUpcModules.UPC_E!,
    // The last digit's closing bar, the end guard 0 1 0 1 0 1, the quiet zone.
    endTemplate: '1010101000',
    // Number system 0 only, as `ean-edges.ts` reads it: number system 1's parity patterns are
    // EAN-13's own, and an EAN-13's left half, centre guard and the first bar of a 3 after it (R code
    // 1 0 0 0 0 1 0) spell such a UPC-E, quiet zone and all. Its patterns all start with G, an
    // EAN-13's with L.
    digitsOf: (fit) => {
      const left = leftDigits(fit, 6);
      const check = bestParity(left, upceParities);
      const chosen = new ChosenDigits().left(left, upceParities[check]!);
      const digits = `0${chosen.text}${check}`;
      return hasValidCheckDigit(upcaOfUpce(digits)) ? { digits, margin: chosen.margin } : null;
    },
  },
};

function argmin(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! < values[best]!) best = i;
  return best;
}

/** How much worse the runner-up fits than the best, relative to the best (floored: a perfect fit is not infinitely sure). */
function relativeMargin(best: number, others: readonly number[]): number {
  // A digit whose window runs off the profile has no fit to judge by: no evidence.
  const rivals = others.filter(Number.isFinite);
  if (!Number.isFinite(best) || rivals.length === 0) return 0;
  return (Math.min(...rivals) - best) / Math.max(best, 0.002);
}

/**
 * The symbol at one placement: each module's blurred coverage (how much of each pixel a bar there
 * would darken) computed once, so that the 120–180 digit templates of a decoding are sums of a few
 * arrays rather than fresh renderings.
 */
class SymbolRender {
  readonly #p: Float64Array;
  readonly #at: (k: number) => number;
  readonly #sigma: number;
  readonly #coverage = new Map<number, { x0: number; values: Float64Array }>();

  constructor(p: Float64Array, pl: Placement) {
    this.#p = p;
    this.#at = moduleMap(pl);
    this.#sigma = pl.sigmaPx;
  }

  /** Least-squares fit of `bits` (module `first` onwards) to the profile, as `fitTemplate`. */
  fit(bits: string, first: number): Fit {
    const p = this.#p;
    const x0 = Math.max(0, Math.ceil(this.#at(first)));
    const x1 = Math.min(p.length - 1, Math.floor(this.#at(first + bits.length)));
    const n = x1 - x0 + 1;
    if (n <= bits.length) return { residual: Number.POSITIVE_INFINITY, unexplained: 1, gain: 0 };
    const t = new Float64Array(n).fill(1);
    for (let k = 0; k < bits.length; k++) {
      if (bits[k] !== '1') continue;
      const c = this.#moduleCoverage(first + k);
      const from = Math.max(x0, c.x0);
      const to = Math.min(x1, c.x0 + c.values.length - 1);
      for (let x = from; x <= to; x++) t[x - x0]! -= c.values[x - c.x0]!;
    }
    return leastSquares(t, p, x0);
  }

  #moduleCoverage(k: number): { x0: number; values: Float64Array } {
    let c = this.#coverage.get(k);
    if (!c) {
      const a = this.#at(k);
      const b = this.#at(k + 1);
      const x0 = Math.floor(a - 4 * this.#sigma);
      const values = new Float64Array(Math.ceil(b + 4 * this.#sigma) - x0 + 1);
      for (let i = 0; i < values.length; i++) {
        const x = x0 + i + 0.5;
        values[i] = cdf((x - a) / this.#sigma) - cdf((x - b) / this.#sigma);
      }
      c = { x0, values };
      this.#coverage.set(k, c);
    }
    return c;
  }
}

/** The fit of template values `t` (from `x0` on) to the profile: residual after the best gain and offset. */
function leastSquares(t: Float64Array, p: Float64Array, x0: number): Fit {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  const n = t.length;
  for (let i = 0; i < n; i++) {
    const x = t[i]!;
    const y = p[x0 + i]!;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const varT = sxx - (sx * sx) / n;
  const cov = sxy - (sx * sy) / n;
  const varY = syy - (sy * sy) / n;
  if (varT <= 1e-9 || cov <= 0) return { residual: varY / n + 1, unexplained: 1, gain: 0 };
  const residual = (varY - (cov * cov) / varT) / n;
  return { residual, unexplained: varY > 1e-9 ? (residual * n) / varY : 1, gain: cov / varT };
}

/**
 * The mean squared residual of `p` over the template's span against the template — `bits` (1 =
 * bar) with module k starting at `at(k)`, blurred by a Gaussian of σ `sigmaPx` — after the best gain
 * and offset. A template that would need a negative gain (bars where the profile is light) fits not
 * at all.
 */
function fitTemplate(p: Float64Array, bits: string, at: (k: number) => number, sigmaPx: number): Fit {
  const x0 = Math.max(0, Math.ceil(at(0)));
  const x1 = Math.min(p.length - 1, Math.floor(at(bits.length)));
  if (x1 - x0 < bits.length) return { residual: Number.POSITIVE_INFINITY, unexplained: 1, gain: 0 };
  const edges: Array<{ a: number; b: number }> = [];
  for (let k = 0; k < bits.length; k++) if (bits[k] === '1') edges.push({ a: at(k), b: at(k + 1) });
  const t = new Float64Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) {
    // Light (1) less the blurred coverage of every bar.
    let v = 1;
    for (const { a, b } of edges) v -= cdf((x + 0.5 - a) / sigmaPx) - cdf((x + 0.5 - b) / sigmaPx);
    t[x - x0] = v;
  }
  return leastSquares(t, p, x0);
}

/** The standard normal distribution function, tabulated (steps of 1/64 over ±6: the fits call it millions of times). */
const cdfTable = (() => {
  const table = new Float64Array(6 * 64 * 2 + 1);
  for (let i = 0; i < table.length; i++) table[i] = exactCdf(i / 64 - 6);
  return table;
})();

function cdf(z: number): number {
  if (z <= -6) return 0;
  if (z >= 6) return 1;
  const f = (z + 6) * 64;
  const i = Math.floor(f);
  return cdfTable[i]! + (cdfTable[i + 1]! - cdfTable[i]!) * (f - i);
}

/** Abramowitz & Stegun 7.1.26 for erf (error < 1.5e-7). */
function exactCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

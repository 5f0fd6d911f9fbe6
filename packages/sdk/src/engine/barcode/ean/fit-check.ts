import { applyAffine, invertAffine } from '../../image/affine.ts';
import type { DerivedImage } from '../../image/derived-image.ts';
import { centreOf, lineLength, sameSymbol, type Candidate, type CandidatePool } from '../candidate-pool.ts';
import { eanUpcModules } from './ean-codes.ts';
import { profileSymbologyOf } from './ean-profile.ts';
import { gtin13Of, type BarcodeRead } from '../normalize-read.ts';
import { passPlan } from '../pass-plan.ts';
import { bandCount, type BandFitOptions } from './read-ean-profiles.ts';

/** When the profile fit is asked for a second opinion on a certain read (see `wantsFitCheck`). */
export const fitCheck = {
  /** Modules narrower than this (px) … */
  finestModule: 3,
  /**
   * The fit looks at this many bands of each bar region the read lies in, the middle ones first: all
   * that `readEanProfiles` cuts (a UPC-A misread under a highlight, `upca-4_2`, is read right on
   * outer bands alone) …
   */
  bands: bandCount,
  /**
   * … and a reading on at least this many of them decides: the read's own digits confirm it (and end
   * the fit early); other digits, on more bands than agree, dispute it.
   */
  leastBands: 2,
} as const;

/** Passes that read the frame as it came (`PassSpec.asCaptured`). */
const asCapturedPasses = new Set(passPlan.filter((pass) => pass.asCaptured).map((pass) => pass.name));

/**
 * Whether a certain read should be checked against the profile fit: an EAN/UPC symbol of modules
 * under 3 px that images the plan made helped find. On such fine modules an image of the plan can
 * move the edges beside a thin bar by the same amount on every line (a sharpened bar's overshoot,
 * say), so that ten scan lines agree on a checksum-valid wrong code — a UPC-A of 1.4 px modules
 * sharpened into `036010291442` for `036000291452` — and other passes that sharpen alike agree with
 * it (a UPC-E of 0.8 px modules, `00123457`, read `00114455` by two of them; a UPC-A of 2.5 px
 * modules shrunk to 65 %, `upca-4_1`, read as an EAN-13 on 20 lines of one). The frame as it came
 * may have begun it: zxing reads a UPC-E whose bars a highlight has thinned (`upce-2_12`, 2.04 px
 * modules) as `04904144` for `04963406` on 3 lines, and the plan's sharpened views make it certain.
 * The fit, which places the whole symbol on the frame's own grey levels, reads those symbols right.
 * It costs tens to a few hundred ms, so a read that zxing on the frame as it came made certain on
 * its own — what zxing alone would answer, and the plan's most common read — is not checked: asked
 * when the read is first certain (`FitChecks`), this is a read only as-captured passes have found.
 */
export function wantsFitCheck({ read, passNames }: Candidate): boolean {
  const modules = eanUpcModules[read.type];
  if (modules === undefined || read.fitted || profileDigitsOf(read) === null) return false;
  if ([...passNames].every((pass) => asCapturedPasses.has(pass))) return false;
  return lineLength(read) / modules < fitCheck.finestModule;
}

/**
 * The digits the profile fit would spell for a read — an EAN-13's or UPC-A's 13 (`gtin13Of`), an
 * EAN-8's or UPC-E's 8 — or null for another type or a text that is not such. A UPC-E is reported
 * with its 8 digits when zxing gives them (`normalize-read.ts`); were it reported as zxing's
 * expanded 13, the fit's 8 could only dispute a right read.
 */
function profileDigitsOf(read: BarcodeRead): string | null {
  const symbology = profileSymbologyOf(read.type);
  if (!symbology) return null;
  const digits = symbology === 'EAN_13' ? gtin13Of(read) : read.text;
  return digits !== null && digits.length === (symbology === 'EAN_13' ? 13 : 8) && /^\d+$/.test(digits) ? digits : null;
}

/**
 * How the fit is asked: the read's symbology, every reading of its bands (the middle ones first),
 * stopping early once enough of them agree with `read`; as a flat label only — a curved fit, tried
 * where the flat one reads nothing, would be more chances for a wrong reading to dispute a right
 * read, and no survey of disputes has measured it.
 */
export function fitCheckOptions(read: BarcodeRead): BandFitOptions {
  const symbology = profileSymbologyOf(read.type) ?? 'EAN_13';
  const digits = profileDigitsOf(read);
  return {
    symbology,
    bands: fitCheck.bands,
    stopWhen: (reading, bands) => reading === digits && bands >= fitCheck.leastBands,
    allReadings: true,
    curved: false,
  };
}

/**
 * What the fit of one view says of a read: it `agrees` when the read's digits have `leastBands`
 * bands there; it `contradicts` when other digits on the same bars have that many and more than
 * agree; otherwise it says nothing (nothing decoded, or too little).
 */
export function fitOpinion(read: BarcodeRead, fits: readonly BarcodeRead[]): 'agrees' | 'contradicts' | 'silent' {
  const onTheBars = fits.filter((fit) => sameSymbol(fit, read));
  const same = (fit: BarcodeRead) => fit.type === read.type && fit.text === read.text;
  const agreeing = Math.max(0, ...onTheBars.filter(same).map((fit) => fit.lineCount));
  if (agreeing >= fitCheck.leastBands) return 'agrees';
  return onTheBars.some((fit) => !same(fit) && fit.lineCount >= fitCheck.leastBands && fit.lineCount > agreeing) ? 'contradicts' : 'silent';
}

/**
 * The fit's second opinion on a read, view by view (the bar regions it lies in, best first): the
 * first view that agrees or contradicts decides, so a view that agrees is not outvoted by another
 * cut of the same bars. `fit` runs the profile fit on one view. Views the read does not lie in are
 * not fitted; with none left (no bar region found there) the read keeps its certainty unchecked.
 */
export function fitContradicts(read: BarcodeRead, views: Iterable<DerivedImage>, fit: (view: DerivedImage) => BarcodeRead[]): boolean {
  for (const view of views) {
    if (!liesIn(view, read)) continue;
    const opinion = fitOpinion(read, fit(view));
    if (opinion !== 'silent') return opinion === 'contradicts';
  }
  return false;
}

/** Whether the middle of a read (in frame pixels) lies in a view. */
function liesIn(view: DerivedImage, read: BarcodeRead): boolean {
  const { x, y } = applyAffine(invertAffine(view.toOriginal), centreOf(read.points));
  return x >= 0 && x < view.image.width && y >= 0 && y < view.image.height;
}

/**
 * The profile fit's second opinion on a pool's certain reads (`check` runs it and tells whether it
 * contradicts the read). Whether it is wanted (`wantsFitCheck`) is decided once per candidate, when
 * the candidate is first certain: a read that zxing made certain on the frame as it came by itself
 * stays unchecked when later passes read it too.
 */
export class FitChecks {
  readonly #decided = new Set<Candidate>();
  readonly #check: (read: BarcodeRead) => boolean;

  constructor(check: (read: BarcodeRead) => boolean) {
    this.#check = check;
  }

  /**
   * Whether the pool's verdict is certain once the fit has given its second opinion: each certain
   * leader it contradicts is disputed in turn (`CandidatePool.dispute`), and the next verdict weighed.
   */
  settledCertain(pool: CandidatePool): boolean {
    for (let verdict = pool.verdict(); verdict?.certain; verdict = pool.verdict()) {
      if (!this.#contradicts(verdict.candidate)) return true;
      pool.dispute(verdict.candidate);
    }
    return false;
  }

  /** Asked, and the answer given, the first time only: from then on the candidate stands. */
  #contradicts(candidate: Candidate): boolean {
    if (this.#decided.has(candidate)) return false;
    this.#decided.add(candidate);
    return wantsFitCheck(candidate) && this.#check(candidate.read);
  }
}

import type { Point } from '../image/affine.ts';
import { sameSymbol, type Candidate } from './candidate-pool.ts';
import { symbolModules } from './ean-codes.ts';
import type { BarcodeRead } from './normalize-read.ts';
import { passPlan } from './pass-plan.ts';
import type { BandLimits } from './read-ean-profiles.ts';

/** When the profile fit is asked for a second opinion on a certain read (see `wantsFitCheck`). */
export const fitCheck = {
  /** Modules narrower than this (px) … */
  finestModule: 2,
  /** The fit looks at the middle bands of each bar region the read lies in, at most this many … */
  bands: 4,
  /** … and a reading of other digits on at least this many of them, and more than agree, takes the read's certainty. */
  leastBands: 2,
} as const;

/** Passes that read the frame as it came (`PassSpec.asCaptured`). */
const asCaptured = new Set(passPlan.filter((pass) => pass.asCaptured).map((pass) => pass.name));

/**
 * Whether a certain read should be checked against the profile fit: an EAN-13 or UPC-A of modules
 * under 2 px that one pass alone found, on an image the plan made (sharpened, rescaled, binarized,
 * or the engine's own decoders) rather than zxing on the frame as it came. On modules of about a
 * pixel such an image can move the edges beside a thin bar by the same amount on every line (a
 * sharpened bar's overshoot, say), so that ten scan lines agree on a checksum-valid wrong code — a
 * UPC-A of 1.4 px modules sharpened into `036010291442` for `036000291452` — and no other pass is
 * there to disagree. The fit, which places the whole symbol on the frame's own grey levels, reads
 * that symbol right. It costs tens to a few hundred ms, so only these reads are checked: zxing's read
 * of the frame as it came is what zxing alone would answer, and the plan's most common one.
 */
export function wantsFitCheck({ read, foundBy }: Candidate): boolean {
  if ((read.type !== 'EAN_13' && read.type !== 'UPC_A') || read.fitted || foundBy.size > 1) return false;
  if ([...foundBy].some((pass) => asCaptured.has(pass))) return false;
  const [start, end] = read.points as [Point, Point];
  return Math.hypot(end.x - start.x, end.y - start.y) / symbolModules < fitCheck.finestModule;
}

/** How the fit is asked: every reading of the middle bands, stopping early once enough of them agree with `read`. */
export function fitCheckLimits(read: BarcodeRead): BandLimits {
  const digits = read.type === 'UPC_A' ? `0${read.text}` : read.text;
  return { bands: fitCheck.bands, enough: (reading, bands) => reading === digits && bands >= fitCheck.leastBands, everyReading: true };
}

/** Whether the fit, on the same bars, reads other digits on enough bands, and on more than read the same. */
export function fitContradicts(read: BarcodeRead, fits: readonly BarcodeRead[]): boolean {
  const onTheBars = fits.filter((fit) => sameSymbol(fit, read));
  const same = (fit: BarcodeRead) => fit.type === read.type && fit.text === read.text;
  const agreeing = Math.max(0, ...onTheBars.filter(same).map((fit) => fit.lineCount));
  return onTheBars.some((fit) => !same(fit) && fit.lineCount >= fitCheck.leastBands && fit.lineCount > agreeing);
}

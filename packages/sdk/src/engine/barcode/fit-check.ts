import type { Point } from '../image/affine.ts';
import { sameSymbol, type Candidate } from './candidate-pool.ts';
import type { BarcodeRead } from './normalize-read.ts';

/** The plan's pass on the frame as it came (`passPlan`). */
const framePass = 'frame';

/** Modules of an EAN-13 or UPC-A between its outer guards' ends. */
const symbolModules = 95;

/** When the profile fit is asked for a second opinion on a certain read (see `wantsFitCheck`). */
export const fitCheck = {
  /** Modules narrower than this (px) … */
  finestModule: 2,
  /** … and a fit of at least this many bands that reads other digits takes the read's certainty. */
  leastBands: 2,
  /** The fit looks at the middle bands of each bar region the read lies in, at most this many, and stops once `leastBands` agree. */
  bands: 4,
} as const;

/**
 * Whether a certain read should be checked against the profile fit: an EAN-13 or UPC-A of modules
 * under 2 px that zxing decoded in one pass only, on an image the plan made (sharpened, rescaled,
 * binarized …) rather than the frame as it came. On modules of about a pixel such a filter moves the
 * edges beside a thin bar by the same amount on every line (a sharpened bar's overshoot, say), so
 * that ten scan lines agree on a checksum-valid wrong code — a UPC-A of 1.4 px modules sharpened into
 * `036010291442` for `036000291452` — and no other pass is there to disagree. The fit, which places
 * the whole symbol on the frame's own grey levels, reads that symbol right. It costs tens to a few
 * hundred ms, so only these reads are checked: a read of the frame as it came has its edges where
 * the photo has them.
 */
export function wantsFitCheck({ read, passes, foundBy }: Candidate): boolean {
  if ((read.type !== 'EAN_13' && read.type !== 'UPC_A') || read.fitted || passes > 1 || foundBy === framePass) return false;
  const [start, end] = read.points as [Point, Point];
  return Math.hypot(end.x - start.x, end.y - start.y) / symbolModules < fitCheck.finestModule;
}

/** Whether a fit of enough bands on the same symbol reads something else. */
export function fitContradicts(read: BarcodeRead, fits: readonly BarcodeRead[]): boolean {
  return fits.some((fit) => fit.lineCount >= fitCheck.leastBands && sameSymbol(fit, read) && (fit.type !== read.type || fit.text !== read.text));
}

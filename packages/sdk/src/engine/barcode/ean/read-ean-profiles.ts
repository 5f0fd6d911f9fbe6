import { applyAffine } from '../../image/affine.ts';
import { bandProjection } from '../../image/band-projection.ts';
import type { DerivedImage } from '../../image/derived-image.ts';
import { eanUpcModules } from './ean-codes.ts';
import { curvedLabels, eanProfileFit, flatLabel, type ProfileSymbology } from './ean-profile.ts';
import { engineRead, reportedGtin13, type BarcodeRead, type NormalizeContext } from '../normalize-read.ts';

/** Modules narrower than this (px) are profiled in finer bins than the view's pixels (see `readEanProfiles`) … */
const finestFitModule = 2;
/** … in about this many bins a module. */
const binsPerModule = 3;

/**
 * Bands (the middle ones first) a view's curved fits are tried on before one of them reads a curved
 * label. Bending every band that reads nothing flat read 140 rather than 133 of 192 generated curved
 * labels, and took the corpus p90 from 764 to 1 397 ms (docs/barcode-options.md).
 */
const curvedTrialBands = 2;
/** The label shapes a band is fitted in, in turn (`decodeBand`). */
const flatOnly = [flatLabel];
const flatThenCurved = [flatLabel, curvedLabels];

/** Bands across a bar region's view whose profiles are decoded, each both ways round. */
export const bandCount = 8;
/** The part of the view's height the bands cover (the bars' middle: clear of the printed digits and the region's margins). */
const bandSpan = { from: 0.15, to: 0.85 };

/** How much of a view is fitted, and what is returned. */
export interface BandFitOptions {
  /** The symbology fitted: EAN-13 by default (reported as UPC-A or EAN-13, `reportedGtin13`), or EAN-8 or UPC-E. */
  symbology?: ProfileSymbology;
  /** The middle bands fitted, at most (all 8 by default) … */
  bands?: number;
  /** … stopping once a reading (its digits: 13 for EAN-13, 8 for EAN-8 and UPC-E) and its count of bands meet this (by default: any reading on half the bands). */
  stopWhen?: (digits: string, bands: number) => boolean;
  /** Every reading the bands gave, not only the one of the most bands. */
  allReadings?: boolean;
  /**
   * Whether a band the flat fit reads nothing on may be fitted as a curved label too (`curvedLabels`):
   * by default on the first `curvedTrialBands` bands tried, and on the rest once one of them read a
   * curved label.
   */
  curved?: boolean;
}

/** Whether the client asked for UPC-A and for EAN-13 (see `reportedGtin13`). */
export type EanProfileContext = Pick<NormalizeContext, 'scanUpca' | 'scanEan13'>;

/**
 * EAN-13 and UPC-A (or EAN-8, or UPC-E: `BandFitOptions.symbology`) read from a bar region's view
 * (bars vertical), cut from `source`, by fitting the symbol to each band's profile across the bars
 * (`eanProfileFit`): the reading of the most bands (or every reading,
 * `BandFitOptions.allReadings`), with their count as its scan lines (the candidate pool's evidence)
 * and its corners where those bands found the guards. For defocused and small
 * symbols zxing cannot count modules in. Empty when no band decodes.
 */
export function readEanProfiles(view: DerivedImage, source: DerivedImage, context: EanProfileContext, options: BandFitOptions = {}): BarcodeRead[] {
  const { symbology = 'EAN_13', bands = bandCount, stopWhen = (_: string, n: number) => n >= bandCount / 2, allReadings = false, curved = true } = options;
  // A curved fit costs more than the flat one: it is tried on the first `curvedTrialBands` bands (the
  // middle ones), and on the rest only once one of them read the label as curved.
  let curvedRead = false;
  const { image } = view;
  // The region was cut with margins of 15 % of its length plus 8 px each side: the symbol fills most of the width.
  const expected = (image.width - 16) / 1.3;
  // A band is profiled from the pixels of the image the view was cut from (`bandProjection`: not
  // blurred again by the view's resampling, and a symbol lying askew is sampled at many phases), in
  // bins of about a third of a module for a fine symbol: on a module of a pixel or so the fit cannot
  // place the guards between samples.
  const module = expected / eanUpcModules[symbology]!;
  const binsPerPixel = module < finestFitModule ? Math.min(4, Math.ceil(binsPerModule / module)) : 1;
  const votes = new Map<string, { bands: number; start: number; end: number; top: number; bottom: number }>();
  // Middle bands first, until a reading meets `stopWhen`.
  const order = Array.from({ length: bandCount }, (_, i) => i)
    .sort((a, b) => Math.abs(a - (bandCount - 1) / 2) - Math.abs(b - (bandCount - 1) / 2))
    .slice(0, bands);
  for (const [tried, b] of order.entries()) {
    if ([...votes].some(([digits, v]) => stopWhen(digits, v.bands))) break;
    const shapes = curved && (tried < curvedTrialBands || curvedRead) ? flatThenCurved : flatOnly;
    const y0 = Math.round(image.height * (bandSpan.from + ((bandSpan.to - bandSpan.from) * b) / bandCount));
    const y1 = Math.max(y0 + 1, Math.round(image.height * (bandSpan.from + ((bandSpan.to - bandSpan.from) * (b + 1)) / bandCount)));
    const decoded = decodeBand(bandProjection(source, view, y0, y1, binsPerPixel), binsPerPixel, expected, symbology, shapes);
    if (!decoded) continue;
    curvedRead ||= decoded.curved;
    const vote = votes.get(decoded.digits);
    if (vote) {
      vote.bands++;
      vote.top = Math.min(vote.top, y0);
      vote.bottom = Math.max(vote.bottom, y1);
    } else votes.set(decoded.digits, { bands: 1, start: decoded.start, end: decoded.end, top: y0, bottom: y1 });
  }
  const readings = [...votes].sort((a, b) => b[1].bands - a[1].bands);
  return (allReadings ? readings : readings.slice(0, 1)).flatMap(([digits, vote]) => {
    const reported = symbology === 'EAN_13' ? reportedGtin13(digits, context) : { type: symbology, text: digits };
    if (!reported) return [];
    const corners = [
      { x: vote.start, y: vote.top },
      { x: vote.end, y: vote.top },
      { x: vote.end, y: vote.bottom },
      { x: vote.start, y: vote.bottom },
    ];
    return [
      {
        ...engineRead(
          reported,
          corners.map((p) => applyAffine(view.toOriginal, p)),
          vote.bands,
        ),
        fitted: true,
      },
    ];
  });
}

/**
 * The decoding of a band's profile (`binsPerPixel` bins to the view's pixel), either way round, in
 * each of `shapes` (label shapes: bulges) in turn — a flat label both ways round before a curved one,
 * so that a curved fit never wins over a flat symbol read upside down (nor costs it anything);
 * positions in the view's pixels.
 */
function decodeBand(
  profile: Float64Array,
  binsPerPixel: number,
  expected: number,
  symbology: ProfileSymbology,
  shapes: ReadonlyArray<readonly number[]>,
): { digits: string; start: number; end: number; curved: boolean } | null {
  const length = { min: 0.6 * expected * binsPerPixel, max: 1.1 * expected * binsPerPixel };
  // Each way round, the guards are placed once, when first asked for.
  const fits: Array<ReturnType<typeof eanProfileFit> | undefined> = [];
  const fitOf = (reversed: boolean) => {
    const index = Number(reversed);
    fits[index] ??= eanProfileFit(reversed ? profile.slice().reverse() : profile, { symbology, length });
    return fits[index]!;
  };
  for (const bulges of shapes) {
    for (const reversed of [false, true]) {
      const decoded = fitOf(reversed)(bulges);
      if (!decoded) continue;
      const start = reversed ? profile.length - decoded.end : decoded.start;
      const end = reversed ? profile.length - decoded.start : decoded.end;
      return { digits: decoded.digits, start: start / binsPerPixel, end: end / binsPerPixel, curved: decoded.bulge > 0 };
    }
  }
  return null;
}

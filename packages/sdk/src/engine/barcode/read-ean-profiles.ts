import { applyAffine } from '../image/affine.ts';
import type { DerivedImage } from '../image/derived-image.ts';
import type { GrayImage } from '../image/gray-image.ts';
import { decodeEanProfile } from './ean-profile.ts';
import { engineRead, reportedGtin13, type BarcodeRead, type NormalizeContext } from './normalize-read.ts';

/** Modules narrower than this (px) are resampled before the fit (see `readEanProfiles`) … */
const finestFitModule = 2;
/** … to about this width. */
const resampledModule = 3;
/** Modules of an EAN-13 (guards and twelve digits). */
const symbolModules = 95;

/** Bands across a bar region's view whose averaged rows are decoded, each both ways round. */
const bandCount = 8;
/** The part of the view's height the bands cover (the bars' middle: clear of the printed digits and the region's margins). */
const bandSpan = { from: 0.15, to: 0.85 };

/** Whether the client asked for UPC-A and for EAN-13 (see `reportedGtin13`). */
export type EanProfileContext = Pick<NormalizeContext, 'scanUpca' | 'scanEan13'>;

/**
 * EAN-13 and UPC-A read from a bar region's view (bars vertical) by fitting the symbol to the
 * averaged rows of each band (`decodeEanProfile`): the reading of the most bands, with their count as
 * its scan lines (the candidate pool's evidence) and its corners where those bands found the guards.
 * For defocused symbols zxing cannot count modules in. Empty when no band decodes.
 */
export function readEanProfiles(view: DerivedImage, context: EanProfileContext): BarcodeRead[] {
  const { image } = view;
  // The region was cut with margins of 15 % of its length plus 8 px each side: the symbol fills most of the width.
  const expected = (image.width - 16) / 1.3;
  // A band of a fine symbol that does not decode as it is is tried again resampled to about three
  // pixels a module: on a module of a pixel or so the fit cannot place the guards between samples,
  // while the interpolated profile keeps the grey levels that tell where merged bars and spaces lie.
  const module = expected / symbolModules;
  const scales = module < finestFitModule ? [1, Math.min(4, Math.ceil(resampledModule / module))] : [1];
  const votes = new Map<string, { bands: number; start: number; end: number; top: number; bottom: number }>();
  // Middle bands first; four agreeing bands are enough.
  const order = Array.from({ length: bandCount }, (_, i) => i).sort((a, b) => Math.abs(a - (bandCount - 1) / 2) - Math.abs(b - (bandCount - 1) / 2));
  for (const b of order) {
    if ([...votes.values()].some((v) => v.bands >= bandCount / 2)) break;
    const y0 = Math.round(image.height * (bandSpan.from + ((bandSpan.to - bandSpan.from) * b) / bandCount));
    const y1 = Math.max(y0 + 1, Math.round(image.height * (bandSpan.from + ((bandSpan.to - bandSpan.from) * (b + 1)) / bandCount)));
    const band = bandProfile(image, y0, y1);
    const decoded = decodeBand(band, scales, expected);
    if (!decoded) continue;
    const vote = votes.get(decoded.digits);
    if (vote) {
      vote.bands++;
      vote.top = Math.min(vote.top, y0);
      vote.bottom = Math.max(vote.bottom, y1);
    } else votes.set(decoded.digits, { bands: 1, start: decoded.start, end: decoded.end, top: y0, bottom: y1 });
  }
  const [digits, vote] = [...votes].sort((a, b) => b[1].bands - a[1].bands)[0] ?? [];
  if (!digits || !vote) return [];
  const reported = reportedGtin13(digits, context);
  if (!reported) return [];
  const corners = [
    { x: vote.start, y: vote.top },
    { x: vote.end, y: vote.top },
    { x: vote.end, y: vote.bottom },
    { x: vote.start, y: vote.bottom },
  ];
  return [
    engineRead(
      reported,
      corners.map((p) => applyAffine(view.toOriginal, p)),
      vote.bands,
    ),
  ];
}

/** The first decoding of a band's profile, either way round, at the first of `scales` that gives one; positions in the band's pixels. */
function decodeBand(band: Float64Array, scales: readonly number[], expected: number): { digits: string; start: number; end: number } | null {
  for (const scale of scales) {
    const profile = resampled(band, scale);
    const length = { min: 0.6 * expected * scale, max: 1.1 * expected * scale };
    for (const reversed of [false, true]) {
      const decoded = decodeEanProfile(reversed ? profile.slice().reverse() : profile, { length });
      if (!decoded) continue;
      const start = reversed ? profile.length - decoded.end : decoded.start;
      const end = reversed ? profile.length - decoded.start : decoded.end;
      return { digits: decoded.digits, start: start / scale, end: end / scale };
    }
  }
  return null;
}

/** A profile resampled `factor` times as finely (linear interpolation between sample centres). */
function resampled(profile: Float64Array, factor: number): Float64Array {
  if (factor === 1) return profile;
  const out = new Float64Array(profile.length * factor);
  for (let i = 0; i < out.length; i++) {
    const x = Math.min(profile.length - 1, Math.max(0, (i + 0.5) / factor - 0.5));
    const a = Math.floor(x);
    const b = Math.min(profile.length - 1, a + 1);
    out[i] = profile[a]! + (profile[b]! - profile[a]!) * (x - a);
  }
  return out;
}

/** The mean of rows `y0`…`y1 − 1`, column by column. */
function bandProfile(image: GrayImage, y0: number, y1: number): Float64Array {
  const profile = new Float64Array(image.width);
  for (let y = y0; y < y1; y++) for (let x = 0; x < image.width; x++) profile[x]! += image.data[y * image.width + x]!;
  for (let x = 0; x < image.width; x++) profile[x]! /= y1 - y0;
  return profile;
}

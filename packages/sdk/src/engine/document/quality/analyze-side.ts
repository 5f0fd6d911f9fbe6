import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import { toGray } from '../../image/gray-image.ts';
import { applyHomography, homographyFromPoints, rectangleCorners } from '../../image/homography.ts';
import { warpQuad } from '../../image/warp-quad.ts';
import { documentFormat, documentFormats } from '../document-format.ts';
import { blurAmount } from './blur-amount.ts';
import { handOcclusion } from './hand-occlusion.ts';
import { type Lighting, measureLighting } from './lighting.ts';

/** Thresholds of the skip* options, measured on generated documents (docs/documents.md). */
export interface QualityThresholds {
  /** blurAmount above which the side is blurred. */
  maxBlur: number;
  /** Mean brightness below which the side is too dark. */
  minBrightness: number;
  /** Share of washed-out pixels above which glare hides the document. */
  maxGlare: number;
  /** Share of the document a hand may cover. */
  maxHand: number;
}

export const defaultQualityThresholds: QualityThresholds = { maxBlur: 0.45, minBrightness: 40, maxGlare: 0.06, maxHand: 0.045 };

export interface SideQuality {
  blur: number;
  lighting: Lighting;
  /** Null when the document's outline is unknown (the hand check needs it). */
  hand: number | null;
}

/** Resolution the checks run at: about 190 dpi, where printed text is ~15 px high. */
const pxPerMm = 7.5;
/** Surroundings included around the document for the hand check, share of its width. */
const marginShare = 0.08;

/**
 * Blur, lighting and hand cover of one side, measured on the document straightened to a fixed
 * resolution (so blur counts relative to the print, whatever the photo's size), or on the whole
 * frame when no outline is known. `outline` is the document's corners, top-left first.
 */
export function measureSideQuality(frame: Frame, outline: readonly Point[] | null, cropped: boolean): SideQuality {
  const corners = outline ?? rectangleCorners(frame.width, frame.height);
  const size = documentFormats[documentFormat(corners, null)];
  const width = Math.round(size.width * pxPerMm);
  const height = Math.round(size.height * pxPerMm);
  const margin = outline && !cropped ? Math.round(marginShare * width) : 0;
  const toFrame = homographyFromPoints(rectangleCorners(width, height), corners);
  const outer = rectangleCorners(width + 2 * margin, height + 2 * margin, -margin, -margin).map((p) => applyHomography(toFrame, p));
  const seen = warpQuad(frame, outer, width + 2 * margin, height + 2 * margin).frame;
  const doc = margin ? crop(seen, margin, width, height) : seen;
  return { blur: blurAmount(toGray(doc)), lighting: measureLighting(doc), hand: outline ? handOcclusion(seen, margin) : null };
}

/** Why a side is not used under the request's skip* options, or null. */
export function skipReason(
  q: SideQuality,
  options: { blur: boolean; lighting: boolean; hand: boolean },
  t: QualityThresholds = defaultQualityThresholds,
): 'FRAME_NOT_FOCUSED' | 'IMAGE_PREPROCESSING_FAILED' | null {
  if (options.blur && q.blur > t.maxBlur) return 'FRAME_NOT_FOCUSED';
  if (options.lighting && (q.lighting.brightness < t.minBrightness || q.lighting.glare > t.maxGlare)) return 'IMAGE_PREPROCESSING_FAILED';
  if (options.hand && q.hand !== null && q.hand > t.maxHand) return 'IMAGE_PREPROCESSING_FAILED';
  return null;
}

function crop(frame: Frame, margin: number, width: number, height: number): Frame {
  const out = new Uint8ClampedArray(width * height * 4);
  const stride = frame.width * 4;
  for (let y = 0; y < height; y++)
    out.set(frame.data.subarray((y + margin) * stride + margin * 4, (y + margin) * stride + (margin + width) * 4), y * width * 4);
  return { width, height, data: out };
}

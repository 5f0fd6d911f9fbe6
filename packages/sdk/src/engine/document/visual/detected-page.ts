import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import { applyHomography, homographyFromPoints, rectangleCorners, type Homography } from '../../image/homography.ts';
import { warpQuad } from '../../image/warp-quad.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { documentPageDetection } from '../../ocr/create-text-detector.ts';
import type { ScoredQuad } from '../../ocr/db-postprocess.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import { type Corners, type DocumentFormat, documentFormats, sideLengths } from '../document-format.ts';

/** Width the document is straightened to for reading, px (its text detected at up to `documentPageDetection.maxSide`). */
const readWidth = { min: 800, max: documentPageDetection.width };
/**
 * How much the outline is widened about its centre before reading: a found outline may lie a few
 * pixels inside the document's edge, and print may run to the edge.
 */
const readMargin = 0.03;
/**
 * Page heights this close (share) are one page: ID-2 and ID-3 differ by 0.1 % in shape, and which
 * of the two a page is only shows once its MRZ is read.
 */
const sameShapeShare = 0.01;

/** A side's document straightened for reading. */
export interface StraightenedPage {
  /** The document's corners on the photo it was cut along, its top-left first. */
  corners: Corners;
  /** Those corners widened by `readMargin`: what the page was cut along. */
  outline: Corners;
  /** The straightened document. */
  page: Frame;
  /** Page coordinates → photo coordinates. */
  toSource: Homography;
}

/** A side's document straightened for reading, with the text lines detected on it. */
export interface DetectedPage extends StraightenedPage {
  /** The text lines found on the page (page coordinates). */
  lines: ScoredQuad[];
}

/** Straightens the document along `corners` (top-left first) to its format's shape. */
export function straightenPage(frame: Frame, corners: Corners, format: DocumentFormat): StraightenedPage {
  const sourceWidth = Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y);
  const width = Math.round(Math.min(readWidth.max, Math.max(readWidth.min, sourceWidth)));
  const size = documentFormats[format];
  const height = Math.round((width * size.height) / size.width);
  const outline = widened(corners);
  const { frame: page, toSource } = warpQuad(frame, outline, width, height);
  return { corners, outline, page, toSource };
}

/** Detects the text lines of a straightened page. */
export async function detectPage(ocr: OcrEngine, straightened: StraightenedPage): Promise<DetectedPage> {
  const { page } = straightened;
  const lines = await ocr.detector.detect(page, { maxSide: Math.min(page.width, documentPageDetection.maxSide) });
  return { ...straightened, lines };
}

/**
 * The side's page cut along `corners` for `format`: `cut` itself when it was cut so (page heights
 * within `sameShapeShare` are one shape), `cut` turned 180° when it was cut along those corners
 * turned (a page read again upside down) — the pixels a warp along them gives, without a second warp
 * of the photo —, else the photo straightened anew. A turned page is detected again rather than
 * its lines turned: the detector finds small print upside down less well (three template fields of
 * 98 fewer in `pnpm eval printed`'s rotation family when the guess's lines were turned instead).
 */
export function straightenedAlong(cut: StraightenedPage | null, frame: Frame, corners: Corners, format: DocumentFormat): StraightenedPage {
  if (!cut || !sameShape(cut.page, format)) return straightenPage(frame, corners, format);
  if (sameCorners(cut.corners, corners)) return cut;
  const [a, b, c, d] = cut.corners;
  if (!sameCorners([c, d, a, b], corners)) return straightenPage(frame, corners, format);
  const { width, height } = cut.page;
  const outline = widened(corners);
  return { corners, outline, page: turned180(cut.page), toSource: homographyFromPoints(rectangleCorners(width, height), outline) };
}

function sameShape({ width, height }: Frame, format: DocumentFormat): boolean {
  const size = documentFormats[format];
  return Math.abs((width * size.height) / size.width - height) <= sameShapeShare * height;
}

function sameCorners(a: readonly Point[], b: readonly Point[]): boolean {
  return a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);
}

/**
 * The frame turned by 180°. A warp along corners turned by two places samples output pixel (x, y) at
 * the points the first warp sampled for (width − 1 − x, height − 1 − y): this is that warp's image
 * (where both take as many samples per pixel; each counts them from its own top and left edges).
 */
export function turned180(frame: Frame): Frame {
  const pixels = new Uint32Array(new Uint32Array(frame.data.buffer, frame.data.byteOffset, frame.width * frame.height)).reverse();
  return { width: frame.width, height: frame.height, data: new Uint8ClampedArray(pixels.buffer) };
}

/** The page's text lines on the photo (the MRZ reader's candidates), their sizes in photo pixels. */
export function linesOnPhoto(detected: DetectedPage): Quad[] {
  return detected.lines.map((q) => {
    const points = q.points.map((p) => applyHomography(detected.toSource, p)) as Quad['points'];
    const { across, down } = sideLengths(points);
    return { points, width: across, height: down };
  });
}

function widened(corners: Corners): Corners {
  const cx = corners.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = corners.reduce((sum, p) => sum + p.y, 0) / 4;
  return corners.map((p) => ({ x: cx + (p.x - cx) * (1 + readMargin), y: cy + (p.y - cy) * (1 + readMargin) })) as Corners;
}

import type { Frame } from '../../../core/frame.ts';
import { applyHomography, type Homography } from '../../image/homography.ts';
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
const sameShape = 0.01;

/** A side's document straightened for reading, with the text lines detected on it. */
export interface DetectedPage {
  /** The document's corners on the photo it was cut along, its top-left first. */
  corners: Corners;
  /** Those corners widened by `readMargin`: what the page was cut along. */
  outline: Corners;
  /** The straightened document. */
  page: Frame;
  /** Page coordinates → photo coordinates. */
  toSource: Homography;
  /** The text lines found on the page (page coordinates). */
  lines: ScoredQuad[];
}

/** Straightens the document along `corners` (top-left first) to its format's shape and detects its text lines. */
export async function detectPage(ocr: OcrEngine, frame: Frame, corners: Corners, format: DocumentFormat): Promise<DetectedPage> {
  const sourceWidth = Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y);
  const width = Math.round(Math.min(readWidth.max, Math.max(readWidth.min, sourceWidth)));
  const size = documentFormats[format];
  const height = Math.round((width * size.height) / size.width);
  const outline = widened(corners);
  const { frame: page, toSource } = warpQuad(frame, outline, width, height);
  const lines = await ocr.detector.detect(page, { maxSide: Math.min(width, documentPageDetection.maxSide) });
  return { corners, outline, page, toSource, lines };
}

/**
 * `detected` when it was cut along `corners` to the shape of `format`, else null (another cut: the
 * page is detected again). A page guessed upside down is detected again upright rather than its
 * lines turned: the detector finds small print upside down less well (three template fields of 98
 * fewer in `pnpm eval printed`'s rotation family when the guess's lines were turned instead).
 */
export function pageAlong(detected: DetectedPage | null | undefined, corners: Corners, format: DocumentFormat): DetectedPage | null {
  if (!detected) return null;
  const { width, height } = detected.page;
  const size = documentFormats[format];
  if (Math.abs((width * size.height) / size.width - height) > sameShape * height) return null;
  return corners.every((p, i) => p.x === detected.corners[i]!.x && p.y === detected.corners[i]!.y) ? detected : null;
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

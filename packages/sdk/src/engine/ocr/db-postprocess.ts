import type { Point } from '../image/affine.ts';
import { connectedComponents } from './connected-components.ts';
import { expandQuad, minAreaRect, type Quad } from './min-area-rect.ts';

export interface DbPostprocessOptions {
  /** Probability above which a pixel is text. */
  binaryThreshold: number;
  /** Minimum mean probability inside a region for it to count as a text box. */
  boxThreshold: number;
  /** How far the shrunk text kernel is grown back (DB's unclip ratio: offset = area·r / perimeter). */
  unclipRatio: number;
  /** Shorter side (map pixels) below which a region is noise. */
  minSize: number;
  maxCandidates: number;
}

/** PaddleOCR's inference defaults for PP-OCR detection. */
export const defaultDbPostprocessOptions: DbPostprocessOptions = {
  binaryThreshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSize: 3,
  maxCandidates: 1000,
};

/** A detected text region in map coordinates, with its mean probability. */
export interface ScoredQuad extends Quad {
  score: number;
}

/**
 * Differentiable-binarization post-processing: threshold the probability map, take each connected
 * region's minimum-area rectangle, drop weak or tiny ones, and grow the rest back by the unclip
 * offset (the model predicts a shrunk kernel of each text line).
 * The regions are sorted top-to-bottom, then left-to-right, so output order is deterministic.
 */
export function dbPostprocess(prob: Float32Array, width: number, height: number, options: Partial<DbPostprocessOptions> = {}): ScoredQuad[] {
  const o = { ...defaultDbPostprocessOptions, ...options };
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = prob[i]! > o.binaryThreshold ? 1 : 0;
  const components = connectedComponents(mask, prob, width, height)
    .sort((a, b) => b.area - a.area)
    .slice(0, o.maxCandidates);
  const quads: ScoredQuad[] = [];
  for (const c of components) {
    const score = c.scoreSum / c.area;
    if (score < o.boxThreshold) continue;
    const points: Point[] = [];
    for (let i = 0; i < c.rowSpans.length; i += 3) {
      const y = c.rowSpans[i]!;
      const x0 = c.rowSpans[i + 1]!;
      const x1 = c.rowSpans[i + 2]! + 1;
      points.push({ x: x0, y }, { x: x1, y }, { x: x0, y: y + 1 }, { x: x1, y: y + 1 });
    }
    const rect = minAreaRect(points);
    if (Math.min(rect.width, rect.height) < o.minSize) continue;
    const area = rect.width * rect.height;
    const perimeter = 2 * (rect.width + rect.height);
    const offset = (area * o.unclipRatio) / perimeter;
    const grown = expandQuad(rect, offset, offset);
    if (Math.min(grown.width, grown.height) < o.minSize + 2) continue;
    quads.push({ ...grown, score });
  }
  return quads.sort((a, b) => centreY(a) - centreY(b) || centreX(a) - centreX(b));
}

function centreX(q: Quad): number {
  return (q.points[0].x + q.points[2].x) / 2;
}
function centreY(q: Quad): number {
  return (q.points[0].y + q.points[2].y) / 2;
}

import type { Frame } from '../frame.ts';
import type { Point } from '../image/affine.ts';
import { toGray } from '../image/gray-image.ts';
import { resize } from '../image/resize.ts';
import { cardAspectRange, id1Aspect, numberPlacement } from './card-geometry.ts';

/** The card's outline in frame coordinates, [tl, tr, br, bl] in the reading direction of its text. */
export interface CardOutline {
  points: [Point, Point, Point, Point];
  /** `edges`: four card edges were found; `extrapolated`: placed from the number row. */
  source: 'edges' | 'extrapolated';
}

export interface TextExtent {
  /** Reading direction (unit vector). */
  dir: Point;
  /** Extent of all text along (u) and across (v) the reading direction, frame px. */
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  /** The number row: centre (u, v) and length along u, when one was read. */
  numberRow: { u: number; v: number; length: number } | null;
}

/** Longest side the edge search works at (px). */
const workSide = 640;
/** Mean signed gradient along an edge that makes it a card edge (Sobel, 3-bin window: ~8× the step contrast). */
const minEdgeStrength = 60;

/**
 * Finds the card around its text. Signed Sobel gradients are projected on the text's axes: a card
 * edge is a long straight step of one sign, so it piles up in one projection bin, while text
 * strokes (both signs) cancel. The strongest left/right/top/bottom lines outside the text whose
 * rectangle has the ID-1 aspect are the card; without them the outline is extrapolated from the
 * number row (or null when there is none).
 */
export function locateCard(frame: Frame, text: TextExtent): CardOutline | null {
  const { dir } = text;
  const scale = Math.min(1, workSide / Math.max(frame.width, frame.height));
  const gray = scale < 1 ? resize(toGray(frame), frame.width * scale, frame.height * scale).image : toGray(frame);
  const { width: w, height: h, data } = gray;
  // Projections in work pixels; u and v of a pixel can be negative, so offset by the diagonal.
  const diag = Math.ceil(Math.hypot(w, h));
  const histU = new Float64Array(2 * diag + 1);
  const histV = new Float64Array(2 * diag + 1);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = data[i - w + 1]! + 2 * data[i + 1]! + data[i + w + 1]! - data[i - w - 1]! - 2 * data[i - 1]! - data[i + w - 1]!;
      const gy = data[i + w - 1]! + 2 * data[i + w]! + data[i + w + 1]! - data[i - w - 1]! - 2 * data[i - w]! - data[i - w + 1]!;
      const gu = gx * dir.x + gy * dir.y;
      const gv = -gx * dir.y + gy * dir.x;
      const u = Math.round(x * dir.x + y * dir.y) + diag;
      const v = Math.round(-x * dir.y + y * dir.x) + diag;
      histU[u] = histU[u]! + gu;
      histV[v] = histV[v]! + gv;
    }
  }
  const minSum = minEdgeStrength * 0.1 * Math.min(w, h);
  const edgesU: Edge[] = peaks(histU, diag, scale, minSum);
  const edgesV: Edge[] = peaks(histV, diag, scale, minSum);
  // A tightly cropped card ends at the frame: its borders are edges too when the text is upright
  // (at most ~2° off the frame's axes), counted at the threshold strength.
  if (Math.abs(dir.x) > 0.9994 || Math.abs(dir.y) > 0.9994) {
    const cornersU = [0, frame.width].flatMap((x) => [0, frame.height].map((y) => x * dir.x + y * dir.y));
    const cornersV = [0, frame.width].flatMap((x) => [0, frame.height].map((y) => -x * dir.y + y * dir.x));
    for (const at of [Math.min(...cornersU), Math.max(...cornersU)]) edgesU.push({ at, sum: 0, border: true });
    for (const at of [Math.min(...cornersV), Math.max(...cornersV)]) edgesV.push({ at, sum: 0, border: true });
  }
  // A line's signed sum over the card's edge length: the mean step along that edge (work px).
  const along = (sum: number, lengthPx: number) => sum / Math.max(1, lengthPx * scale);
  let best: { score: number; u0: number; u1: number; v0: number; v1: number } | null = null;
  const margin = 2;
  for (const l of edgesU.filter((e) => e.at < text.u0 - margin)) {
    for (const r of edgesU.filter((e) => e.at > text.u1 + margin)) {
      for (const t of edgesV.filter((e) => e.at < text.v0 - margin)) {
        for (const b of edgesV.filter((e) => e.at > text.v1 + margin)) {
          const cw = r.at - l.at;
          const ch = b.at - t.at;
          const aspect = Math.max(cw, ch) / Math.min(cw, ch);
          if (aspect < cardAspectRange.min || aspect > cardAspectRange.max) continue;
          if (text.numberRow && (text.numberRow.length > 0.95 * cw || text.numberRow.length < 0.45 * cw)) continue;
          const strengths = [l, r, t, b].map((e, i) => (e.border ? minEdgeStrength : along(e.sum, i < 2 ? ch : cw)));
          if (strengths.some((x) => x < minEdgeStrength)) continue;
          const score = strengths.reduce((a, x) => a + Math.min(x, 400), 0) - 200 * Math.abs(aspect - id1Aspect);
          if (!best || score > best.score) best = { score, u0: l.at, u1: r.at, v0: t.at, v1: b.at };
        }
      }
    }
  }
  if (best) return { points: corners(dir, best.u0, best.u1, best.v0, best.v1), source: 'edges' };
  if (!text.numberRow) return null;
  const { u, v, length } = text.numberRow;
  const cw = length / numberPlacement.widthShare;
  const ch = cw / id1Aspect;
  const top = v - numberPlacement.centreDown * ch;
  return { points: corners(dir, u - cw / 2, u + cw / 2, top, top + ch), source: 'extrapolated' };
}

interface Edge {
  /** Position across the projection, frame px. */
  at: number;
  /** |signed gradient sum| along the line (work px units). */
  sum: number;
  /** The frame's own border (a card cropped tightly). */
  border?: boolean;
}

/** Local maxima of |signed gradient sum| along lines of the projection, in frame px, strongest first. */
function peaks(hist: Float64Array, offset: number, scale: number, minSum: number): Edge[] {
  const n = hist.length;
  const strength = new Float64Array(n);
  // Signed sum over a 3-bin window: an edge spreads over 2–3 bins after resampling.
  for (let i = 1; i < n - 1; i++) strength[i] = Math.abs(hist[i - 1]! + hist[i]! + hist[i + 1]!);
  const out: Edge[] = [];
  for (let i = 2; i < n - 2; i++) {
    const v = strength[i]!;
    if (v >= minSum && v >= strength[i - 1]! && v > strength[i + 1]! && v >= strength[i - 2]! && v > strength[i + 2]!) {
      out.push({ at: (i - offset) / scale, sum: v });
    }
  }
  return out.sort((a, b) => b.sum - a.sum).slice(0, 12);
}

function corners(d: Point, u0: number, u1: number, v0: number, v1: number): CardOutline['points'] {
  const at = (u: number, v: number): Point => ({ x: u * d.x - v * d.y, y: u * d.y + v * d.x });
  return [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
}

import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { colorGradient } from '../image/color-gradient.ts';
import { resizeFrame } from '../image/resize-frame.ts';
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

/** Sobel magnitude under which a pixel is taken as flat (a step of ~4 grey levels). */
const minGradient = 16;

/** Tilts (degrees) tried for each card edge relative to the text's axes: perspective slants the sides. */
const tilts = [-9, -6, -4, -2, 0, 2, 4, 6, 9];

/**
 * Finds the card around its text. Signed Sobel gradients are projected on the text's axes, each
 * tilted a few degrees either way (perspective slants the card's sides): a card edge is a long
 * straight step of one sign, so it piles up in one projection bin, while text strokes (both signs)
 * cancel. The strongest left/right/top/bottom lines outside the text whose quadrilateral has about
 * the ID-1 aspect are the card; without them the outline is extrapolated from the number row (or
 * null when there is none).
 */
export function locateCard(frame: Frame, text: TextExtent): CardOutline | null {
  const { dir } = text;
  const perp = { x: -dir.y, y: dir.x };
  const scale = Math.min(1, workSide / Math.max(frame.width, frame.height));
  const work = scale < 1 ? resizeFrame(frame, Math.round(frame.width * scale), Math.round(frame.height * scale)) : frame;
  // Per pixel, the Sobel gradient of the colour channel that changes most (colorGradient): a red card
  // on green leaves has almost no luminance edge but a strong one in red. Only pixels with some
  // gradient are kept for the projections (flat pixels add nothing but time).
  const { width: w, height: h, gx, gy, mag } = colorGradient(work);
  const edgeX: number[] = [];
  const edgeY: number[] = [];
  const edgeGx: number[] = [];
  const edgeGy: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const k = y * w + x;
      if (mag[k]! >= minGradient) {
        edgeX.push(x);
        edgeY.push(y);
        edgeGx.push(gx[k]!);
        edgeGy.push(gy[k]!);
      }
    }
  }
  // Projections in work pixels; a pixel's projection can be negative, so offset by the diagonal.
  const diag = Math.ceil(Math.hypot(w, h));
  const minSum = minEdgeStrength * 0.1 * Math.min(w, h);
  const centre = { u: (text.u0 + text.u1) / 2, v: (text.v0 + text.v1) / 2 };
  const family = (base: Point, across: 'u' | 'v'): Line[] => {
    const found: Line[] = [];
    for (const deg of tilts) {
      const a = (deg * Math.PI) / 180;
      const n = { x: base.x * Math.cos(a) - base.y * Math.sin(a), y: base.x * Math.sin(a) + base.y * Math.cos(a) };
      const hist = new Float64Array(2 * diag + 1);
      for (let j = 0; j < edgeX.length; j++) {
        const k = Math.round(edgeX[j]! * n.x + edgeY[j]! * n.y) + diag;
        hist[k] = hist[k]! + edgeGx[j]! * n.x + edgeGy[j]! * n.y;
      }
      for (const e of peaks(hist, diag, scale, minSum)) found.push(toLine(n, e.at, e.sum, deg, across));
    }
    return suppress(found);
  };
  // Where a line p·n = s crosses the text's centre row (u) or column (v), in the text's frame.
  const toLine = (n: Point, s: number, sum: number, tilt: number, across: 'u' | 'v'): Line => {
    const dn = dir.x * n.x + dir.y * n.y;
    const pn = perp.x * n.x + perp.y * n.y;
    const at = across === 'u' ? (s - centre.v * pn) / dn : (s - centre.u * dn) / pn;
    return { n, s, sum, tilt, at };
  };
  const linesU = family(dir, 'u');
  const linesV = family(perp, 'v');
  // A tightly cropped card ends at the frame: its borders are edges too when the text is upright
  // (at most ~2° off the frame's axes) and spans most of the frame's width (otherwise the card lies
  // inside the frame and a border would only make a loose crop); counted at the threshold strength.
  const cornersU = [0, frame.width].flatMap((x) => [0, frame.height].map((y) => x * dir.x + y * dir.y));
  const cornersV = [0, frame.width].flatMap((x) => [0, frame.height].map((y) => x * perp.x + y * perp.y));
  const fillsWidth = text.u1 - text.u0 > 0.6 * (Math.max(...cornersU) - Math.min(...cornersU));
  if ((Math.abs(dir.x) > 0.9994 || Math.abs(dir.y) > 0.9994) && fillsWidth) {
    for (const s of [Math.min(...cornersU), Math.max(...cornersU)]) linesU.push({ ...toLine(dir, s, 0, 0, 'u'), border: true });
    for (const s of [Math.min(...cornersV), Math.max(...cornersV)]) linesV.push({ ...toLine(perp, s, 0, 0, 'v'), border: true });
  }
  let best: { score: number; points: CardOutline['points'] } | null = null;
  const margin = 2;
  for (const l of linesU.filter((e) => e.at < text.u0 - margin)) {
    for (const r of linesU.filter((e) => e.at > text.u1 + margin)) {
      for (const t of linesV.filter((e) => e.at < text.v0 - margin)) {
        for (const b of linesV.filter((e) => e.at > text.v1 + margin)) {
          const points = [meet(l, t), meet(r, t), meet(r, b), meet(l, b)];
          if (points.some((p) => !p)) continue;
          const [tl, tr, br, bl] = points as CardOutline['points'];
          const top = dist(tl, tr),
            bottom = dist(bl, br),
            left = dist(tl, bl),
            right = dist(tr, br);
          const cw = (top + bottom) / 2;
          const ch = (left + right) / 2;
          // Text runs along the card's long side. (Vertical designs, whose text runs across, get
          // the extrapolated outline: an edge search admitting portrait outlines too often framed a
          // background region above and below a card whose edges barely differ in brightness.)
          if (ch > cw) continue;
          const aspect = cw / ch;
          if (aspect < cardAspectRange.min || aspect > cardAspectRange.max) continue;
          if (text.numberRow && (text.numberRow.length > 0.95 * cw || text.numberRow.length < 0.45 * cw)) continue;
          // A line's signed sum over the card edge's length: the mean step along that edge.
          const strengths = [
            [l, left],
            [r, right],
            [t, top],
            [b, bottom],
          ].map(([e, len]) => ((e as Line).border ? minEdgeStrength : (e as Line).sum / Math.max(1, (len as number) * scale)));
          if (strengths.some((x) => x < minEdgeStrength)) continue;
          const score = strengths.reduce((a, x) => a + Math.min(x, 400), 0) - 200 * Math.abs(aspect - id1Aspect);
          if (!best || score > best.score) best = { score, points: [tl, tr, br, bl] };
        }
      }
    }
  }
  if (best) return { points: best.points, source: 'edges' };
  if (!text.numberRow) return null;
  const { u, v, length } = text.numberRow;
  const cw = length / numberPlacement.widthShare;
  const ch = cw / id1Aspect;
  const top = v - numberPlacement.centreDown * ch;
  return { points: corners(dir, u - cw / 2, u + cw / 2, top, top + ch), source: 'extrapolated' };
}

/** A candidate card edge: the line p·n = s (frame px), where it crosses the text's centre, its gradient sum. */
interface Line {
  n: Point;
  s: number;
  /** |signed gradient sum| along the line (work px units). */
  sum: number;
  tilt: number;
  /** Position along the family's axis where the line crosses the text's centre, frame px. */
  at: number;
  /** The frame's own border (a card cropped tightly). */
  border?: boolean;
}

/** The same edge shows at neighbouring tilts and offsets: keep the strongest of each cluster, 10 at most. */
function suppress(lines: Line[]): Line[] {
  const kept: Line[] = [];
  for (const line of [...lines].sort((a, b) => b.sum - a.sum)) {
    if (kept.some((k) => Math.abs(k.at - line.at) < 8 && Math.abs(k.tilt - line.tilt) <= 4)) continue;
    kept.push(line);
    if (kept.length === 10) break;
  }
  return kept;
}

/** Intersection of two lines p·n = s, or null when they are (nearly) parallel. */
function meet(a: Line, b: Line): Point | null {
  const det = a.n.x * b.n.y - a.n.y * b.n.x;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.s * b.n.y - b.s * a.n.y) / det, y: (a.n.x * b.s - b.n.x * a.s) / det };
}

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/** Local maxima of |signed gradient sum| along lines of the projection, in frame px, strongest first. */
function peaks(hist: Float64Array, offset: number, scale: number, minSum: number): Array<{ at: number; sum: number }> {
  const n = hist.length;
  const strength = new Float64Array(n);
  // Signed sum over a 3-bin window: an edge spreads over 2–3 bins after resampling.
  for (let i = 1; i < n - 1; i++) strength[i] = Math.abs(hist[i - 1]! + hist[i]! + hist[i + 1]!);
  const out: Array<{ at: number; sum: number }> = [];
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

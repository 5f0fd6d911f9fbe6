import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import type { Corners } from '../document-format.ts';

/** Samples taken along each side for the fit. */
const samplesPerSide = 48;

/**
 * Moves each side of a quad found at a coarse scale onto the document's edge in the full frame:
 * along the side, the colour profile across it is searched (± `reach` px) for its steepest step,
 * located to a fraction of a pixel, and a line is fitted through those points, dropping the worst
 * third (a hand, a shadow or a rounded corner bends the profile there). The corners are where the
 * fitted lines meet. A side whose fit fails or moves implausibly far keeps its coarse position.
 */
export function refineQuad(frame: Frame, quad: Corners, reach: number): Corners {
  const lines = quad.map((a, i) => {
    const b = quad[(i + 1) % 4]!;
    return fitSide(frame, a, b, reach) ?? lineThrough(a, b);
  });
  const refined = quad.map((_, i) => intersect(lines[(i + 3) % 4]!, lines[i]!));
  const size = Math.hypot(quad[2].x - quad[0].x, quad[2].y - quad[0].y);
  for (let i = 0; i < 4; i++) {
    const p = refined[i];
    if (!p || Math.hypot(p.x - quad[i]!.x, p.y - quad[i]!.y) > Math.max(3 * reach, 0.03 * size)) return quad;
  }
  return refined as Corners;
}

/** A line n·p = c with unit normal n. */
interface Line {
  n: Point;
  c: number;
}

function lineThrough(a: Point, b: Point): Line {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
  return { n, c: n.x * a.x + n.y * a.y };
}

function fitSide(frame: Frame, a: Point, b: Point, reach: number): Line | null {
  const base = lineThrough(a, b);
  const { n } = base;
  const along = { x: n.y, y: -n.x };
  const step = Math.max(0.5, reach / 12);
  const count = Math.round((2 * reach) / step) + 1;
  const points: Array<{ p: Point; w: number }> = [];
  const profile = new Float64Array(count * 3);
  for (let s = 0; s < samplesPerSide; s++) {
    const t = 0.1 + (0.8 * (s + 0.5)) / samplesPerSide;
    const centre = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    // The profile across the side, averaged over three parallel offsets (noise, JPEG blocks).
    profile.fill(0);
    for (let k = 0; k < count; k++) {
      const d = -reach + k * step;
      for (const o of [-step, 0, step]) {
        sampleInto(frame, centre.x + n.x * d + along.x * o, centre.y + n.y * d + along.y * o, profile, k * 3);
      }
    }
    let best = 0;
    let bestK = -1;
    let bestC = 0;
    for (let k = 1; k < count - 1; k++) {
      for (let c = 0; c < 3; c++) {
        const g = Math.abs(profile[(k + 1) * 3 + c]! - profile[(k - 1) * 3 + c]!);
        if (g > best) {
          best = g;
          bestK = k;
          bestC = c;
        }
      }
    }
    // A step of under ~8 grey levels (three samples averaged) is noise, not an edge.
    if (bestK < 2 || bestK > count - 3 || best < 24) continue;
    const g = (k: number) => Math.abs(profile[(k + 1) * 3 + bestC]! - profile[(k - 1) * 3 + bestC]!);
    const l = g(bestK - 1);
    const r = g(bestK + 1);
    const denom = l - 2 * best + r;
    const sub = denom < 0 ? (0.5 * (l - r)) / denom : 0;
    const d = -reach + (bestK + sub) * step;
    points.push({ p: { x: centre.x + n.x * d, y: centre.y + n.y * d }, w: best });
  }
  if (points.length < samplesPerSide / 3) return null;
  let fit = fitLine(points);
  for (let round = 0; round < 2 && fit; round++) {
    const line = fit;
    const residual = (q: { p: Point }) => Math.abs(line.n.x * q.p.x + line.n.y * q.p.y - line.c);
    const sorted = [...points].sort((x, y) => residual(x) - residual(y));
    fit = fitLine(sorted.slice(0, Math.max(6, Math.round(sorted.length * (round === 0 ? 0.8 : 0.67)))));
  }
  if (!fit) return null;
  // Keep the normal's orientation so corners are met the same way as the coarse lines.
  return fit.n.x * n.x + fit.n.y * n.y < 0 ? { n: { x: -fit.n.x, y: -fit.n.y }, c: -fit.c } : fit;
}

/** Weighted total least squares line through points. */
function fitLine(points: ReadonlyArray<{ p: Point; w: number }>): Line | null {
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (const { p, w } of points) {
    sw += w;
    mx += w * p.x;
    my += w * p.y;
  }
  if (sw === 0) return null;
  mx /= sw;
  my /= sw;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const { p, w } of points) {
    sxx += w * (p.x - mx) ** 2;
    syy += w * (p.y - my) ** 2;
    sxy += w * (p.x - mx) * (p.y - my);
  }
  // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const n = { x: -Math.sin(angle), y: Math.cos(angle) };
  return { n, c: n.x * mx + n.y * my };
}

function intersect(a: Line, b: Line): Point | null {
  const det = a.n.x * b.n.y - a.n.y * b.n.x;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.c * b.n.y - b.c * a.n.y) / det, y: (a.n.x * b.c - b.n.x * a.c) / det };
}

/** Adds the bilinear RGB sample at (x, y) (pixel centres at +0.5; clamped to the frame) to out[o…o+2]. */
function sampleInto(frame: Frame, x: number, y: number, out: Float64Array, o: number): void {
  const { width: w, height: h, data } = frame;
  const fx = Math.min(w - 1, Math.max(0, x - 0.5));
  const fy = Math.min(h - 1, Math.max(0, y - 0.5));
  const x0 = Math.min(w - 2, Math.floor(fx));
  const y0 = Math.min(h - 2, Math.floor(fy));
  const tx = fx - x0;
  const ty = fy - y0;
  const i = (y0 * w + x0) * 4;
  const j = i + w * 4;
  for (let c = 0; c < 3; c++) {
    const top = data[i + c]! + (data[i + 4 + c]! - data[i + c]!) * tx;
    const bottom = data[j + c]! + (data[j + 4 + c]! - data[j + c]!) * tx;
    out[o + c]! += top + (bottom - top) * ty;
  }
}

import type { Point } from '../../image/affine.ts';
import type { ColorGradient } from '../../image/color-gradient.ts';
import type { HoughLine } from '../../image/hough-lines.ts';

/** A quadrilateral [tl, tr, br, bl] (clockwise on screen) with how well its sides lie on edges. */
export interface ScoredQuad {
  points: [Point, Point, Point, Point];
  /** Share of each side's length (ends left out) that lies on an edge of the side's direction. */
  coverage: [number, number, number, number];
  score: number;
}

/** Opposite sides of a document in a photo stay within this angle of each other (perspective). */
const maxPairAngle = (28 * Math.PI) / 180;
/** Adjacent sides meet at no less than this angle. */
const minCornerAngle = (55 * Math.PI) / 180;
/** Long/short side ratios admitted: ID-1 is 1.59, ID-2 and ID-3 1.42; perspective stretches either. */
export const documentAspectRange = { min: 1.15, max: 2.05 } as const;
/** Long/short side ratios of a quad (`quadCandidates`' `aspect`). */
export type AspectRange = { readonly min: number; readonly max: number };
const canonicalAspects = [85.6 / 53.98, 125 / 88];
/** A side counts as found when at least this share of it lies on an edge (a hand may cover the rest). */
const minSideCoverage = 0.3;
/** Angle between an edge pixel's gradient and the side's normal still counted as on the side. */
const maxNormalDeviation = Math.cos((20 * Math.PI) / 180);
/** Weight of the corners' support (each 0…1) in the score, beside the sides' coverage (each 0…1). */
const cornerWeight = 0.5;

/**
 * Every quadrilateral of two near-parallel line pairs that could be a document (convex, mostly
 * inside the image, plausible aspect, at least 3 % of the image), scored by how much of each side
 * lies on a matching edge, how close its aspect is to a document's and how large it is (a document's
 * own printed frames and bands form smaller quads inside it). Best first, at most `keep`. `aspect`:
 * the ratios admitted (a document's by default; the part of one a camera frame shows may have any).
 */
export function quadCandidates(
  lines: readonly HoughLine[],
  g: ColorGradient,
  minMagnitude: number,
  keep: number,
  aspect: AspectRange = documentAspectRange,
): ScoredQuad[] {
  const { width: w, height: h } = g;
  const minSide = 0.08 * Math.min(w, h);
  const pairs: Array<[HoughLine, HoughLine, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (angleBetween(a.theta, b.theta) > maxPairAngle) continue;
      if (Math.abs(centreOffset(a, w, h) - alignedOffset(a, b, w, h)) < minSide) continue;
      pairs.push([a, b, meanAngle(a.theta, b.theta)]);
    }
  }
  const out: ScoredQuad[] = [];
  for (let p = 0; p < pairs.length; p++) {
    for (let q = p + 1; q < pairs.length; q++) {
      const [a1, a2, ta] = pairs[p]!;
      const [b1, b2, tb] = pairs[q]!;
      if (angleBetween(ta, tb) < minCornerAngle) continue;
      const corners = [meet(a1, b1), meet(a1, b2), meet(a2, b2), meet(a2, b1)];
      if (corners.some((c) => !c || c.x < -0.05 * w || c.x > 1.05 * w || c.y < -0.05 * h || c.y > 1.05 * h)) continue;
      const points = orderClockwise(corners as Point[]);
      if (!points || !isConvex(points)) continue;
      const scored = scoreQuad(points, g, minMagnitude, aspect);
      if (scored) out.push(scored);
    }
  }
  out.sort((x, y) => y.score - x.score);
  return out.slice(0, keep);
}

function scoreQuad(points: [Point, Point, Point, Point], g: ColorGradient, minMagnitude: number, aspectRange: AspectRange): ScoredQuad | null {
  const len = [0, 1, 2, 3].map((i) => dist(points[i]!, points[(i + 1) % 4]!));
  const across = (len[0]! + len[2]!) / 2;
  const down = (len[1]! + len[3]!) / 2;
  const minLen = 0.08 * Math.min(g.width, g.height);
  if (len.some((l) => l < minLen)) return null;
  const aspect = Math.max(across, down) / Math.min(across, down);
  if (aspect < aspectRange.min || aspect > aspectRange.max) return null;
  const area = polygonArea(points) / (g.width * g.height);
  if (area < 0.03) return null;
  const sides = [0, 1, 2, 3].map((i) => sideCoverage(points[i]!, points[(i + 1) % 4]!, g, minMagnitude));
  const coverage = sides.map((c) => c.all) as ScoredQuad['coverage'];
  if (coverage.some((c) => c < minSideCoverage)) return null;
  // A line that runs on past the document (a table edge, wood grain) covers its side's middle but
  // not the corner it makes: both sides must reach each corner. A hand may hide one or two.
  const corners = [0, 1, 2, 3].map((i) => Math.min(sides[(i + 3) % 4]!.end, sides[i]!.start));
  const aspectMiss = Math.min(...canonicalAspects.map((c) => Math.abs(Math.log(aspect / c))));
  const score = coverage.reduce((s, c) => s + c, 0) + cornerWeight * corners.reduce((s, c) => s + c, 0) + 0.8 * Math.sqrt(area) - aspectMiss;
  return { points, coverage, score };
}

/**
 * Share of samples along the side (its first and last 10 % left out: card corners are rounded) with,
 * within 2 px across, an edge pixel whose gradient points across the side: overall, and over the
 * fifth next to each end.
 */
function sideCoverage(a: Point, b: Point, g: ColorGradient, minMagnitude: number): { all: number; start: number; end: number } {
  const { width: w, height: h, gx, gy, mag } = g;
  const length = dist(a, b);
  const n = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
  const samples = Math.max(12, Math.min(80, Math.round(length / 3)));
  let hits = 0;
  let startHits = 0;
  let endHits = 0;
  const endSamples = Math.max(1, Math.round(samples / 5));
  for (let s = 0; s < samples; s++) {
    const t = 0.1 + (0.8 * (s + 0.5)) / samples;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    if (px < 1 || py < 1 || px >= w - 1 || py >= h - 1) continue;
    for (let k = -2; k <= 2; k++) {
      const x = Math.round(px + n.x * k);
      const y = Math.round(py + n.y * k);
      if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) continue;
      const i = y * w + x;
      const m = mag[i]!;
      if (m >= minMagnitude && Math.abs(gx[i]! * n.x + gy[i]! * n.y) >= maxNormalDeviation * m) {
        hits++;
        if (s < endSamples) startHits++;
        if (s >= samples - endSamples) endHits++;
        break;
      }
    }
  }
  // Samples outside the image count as missing: a document cut by the frame is not fully seen.
  return { all: hits / samples, start: startHits / endSamples, end: endHits / endSamples };
}

/** Angle between two line normals, 0…π/2. */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

function meanAngle(a: number, b: number): number {
  return Math.abs(a - b) > Math.PI / 2 ? ((a + b + Math.PI) / 2) % Math.PI : (a + b) / 2;
}

const centreOffset = (l: HoughLine, w: number, h: number) => (w / 2) * Math.cos(l.theta) + (h / 2) * Math.sin(l.theta) - l.rho;

/** `b`'s offset from the image centre measured along `a`'s normal direction. */
function alignedOffset(a: HoughLine, b: HoughLine, w: number, h: number): number {
  return Math.abs(a.theta - b.theta) > Math.PI / 2 ? -centreOffset(b, w, h) : centreOffset(b, w, h);
}

function meet(a: HoughLine, b: HoughLine): Point | null {
  const ca = Math.cos(a.theta);
  const sa = Math.sin(a.theta);
  const cb = Math.cos(b.theta);
  const sb = Math.sin(b.theta);
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}

/**
 * The four corners in screen-clockwise order starting with the one nearest the top-left: sorted by
 * angle around their centroid, then rotated so the first has the smallest x + y.
 */
export function orderClockwise(points: readonly Point[]): [Point, Point, Point, Point] | null {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sorted = [...points].sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
  let start = 0;
  for (let i = 1; i < 4; i++) if (sorted[i]!.x + sorted[i]!.y < sorted[start]!.x + sorted[start]!.y) start = i;
  const out = [0, 1, 2, 3].map((i) => sorted[(start + i) % 4]!);
  return out.length === 4 ? (out as [Point, Point, Point, Point]) : null;
}

function isConvex(p: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % 4]!;
    const c = p[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Whether every corner of `inner` lies inside `outer` (convex, clockwise), allowing `slack` px. */
export function containsQuad(outer: readonly Point[], inner: readonly Point[], slack: number): boolean {
  return inner.every((p) =>
    outer.every((a, i) => {
      const b = outer[(i + 1) % outer.length]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      return ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len >= -slack;
    }),
  );
}

export function polygonArea(p: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

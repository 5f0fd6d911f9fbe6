import type { Point } from '../image/affine.ts';

/** A rotated rectangle as four corners, clockwise on screen from the top-left, plus its side lengths. */
export interface Quad {
  points: [Point, Point, Point, Point];
  /** Length of the side from points[0] to points[1] (the "width" of the text direction). */
  width: number;
  height: number;
}

/** Andrew's monotone chain: the convex hull of points, counter-clockwise, without collinear points. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * The minimum-area enclosing rectangle of a point set (rotating calipers over the hull's edges),
 * returned with corners ordered like OpenCV's `get_mini_boxes` in PaddleOCR: top-left, top-right,
 * bottom-right, bottom-left, so that points[0]→points[1] runs along the text when it is roughly
 * horizontal.
 */
export function minAreaRect(points: Point[]): Quad {
  const hull = convexHull(points);
  if (hull.length === 0) throw new Error('minAreaRect of no points');
  let best = { area: Infinity, corners: [] as Point[] };
  const n = hull.length;
  for (let i = 0; i < Math.max(1, n); i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    let ux = b.x - a.x;
    let uy = b.y - a.y;
    const len = Math.hypot(ux, uy);
    if (len === 0) {
      ux = 1;
      uy = 0;
    } else {
      ux /= len;
      uy /= len;
    }
    let minU = Infinity,
      maxU = -Infinity,
      minV = Infinity,
      maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) {
      const at = (u: number, v: number): Point => ({ x: u * ux - v * uy, y: u * uy + v * ux });
      best = { area, corners: [at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)] };
    }
  }
  return orderQuad(best.corners);
}

/**
 * Orders four rectangle corners as PaddleOCR does: sort by x, the left pair top-first, the right pair
 * top-first → [tl, tr, br, bl]. Then, for a rectangle taller than wide, the text direction is still
 * taken from the longer side by the caller (see `textQuad`).
 */
export function orderQuad(corners: Point[]): Quad {
  const byX = [...corners].sort((a, b) => a.x - b.x || a.y - b.y);
  const [l1, l2, r1, r2] = byX as [Point, Point, Point, Point];
  const [tl, bl] = l1.y <= l2.y ? [l1, l2] : [l2, l1];
  const [tr, br] = r1.y <= r2.y ? [r1, r2] : [r2, r1];
  const width = Math.hypot(tr.x - tl.x, tr.y - tl.y);
  const height = Math.hypot(bl.x - tl.x, bl.y - tl.y);
  return { points: [tl, tr, br, bl], width, height };
}

/** Grows a rectangle by `dx` along its width axis and `dy` along its height axis, on each side. */
export function expandQuad(quad: Quad, dx: number, dy: number): Quad {
  const [tl, tr, br, bl] = quad.points;
  const ux = quad.width ? (tr.x - tl.x) / quad.width : 1;
  const uy = quad.width ? (tr.y - tl.y) / quad.width : 0;
  const vx = quad.height ? (bl.x - tl.x) / quad.height : 0;
  const vy = quad.height ? (bl.y - tl.y) / quad.height : 1;
  const move = (p: Point, su: number, sv: number): Point => ({ x: p.x + su * dx * ux + sv * dy * vx, y: p.y + su * dx * uy + sv * dy * vy });
  return {
    points: [move(tl, -1, -1), move(tr, 1, -1), move(br, 1, 1), move(bl, -1, 1)],
    width: quad.width + 2 * dx,
    height: quad.height + 2 * dy,
  };
}

import type { Point } from './affine.ts';

/** The corners of a `width`×`height` rectangle whose top-left is (x, y): top-left, top-right, bottom-right, bottom-left. */
export function rectangleCorners(width: number, height: number, x = 0, y = 0): [Point, Point, Point, Point] {
  return [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
}

/** A 3×3 projective map, row-major, `h[8]` normalised to 1. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** Applies a homography to a point. */
export function applyHomography(h: Homography, { x, y }: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

/**
 * The homography that maps the four `from` points onto the four `to` points (direct linear
 * transform, solved by Gaussian elimination with partial pivoting). Throws for degenerate quads.
 */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  if (from.length !== 4 || to.length !== 4) throw new Error('a homography needs four point pairs');
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const n = 8;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) throw new Error('degenerate quadrilateral');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const row = a[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / row[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * row[c]!;
    }
  }
  const h = a.map((row, i) => row[n]! / row[i]!);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

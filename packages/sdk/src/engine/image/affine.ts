/**
 * A 2-D affine map `(x, y) → (a·x + b·y + c, d·x + e·y + f)`, stored as `[a, b, c, d, e, f]`.
 * Every derived image (scaled, rotated, cropped, padded) carries the map from its pixels back to the
 * original frame, so that whatever is found in it can be reported in the caller's coordinates.
 */
export type Affine = readonly [number, number, number, number, number, number];

export interface Point {
  x: number;
  y: number;
}

export const identity: Affine = [1, 0, 0, 0, 1, 0];

export function applyAffine(m: Affine, { x, y }: Point): Point {
  return { x: m[0] * x + m[1] * y + m[2], y: m[3] * x + m[4] * y + m[5] };
}

/** The map back: from where `m` maps to, to where it maps from (`m` must not be singular). */
export function invertAffine(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

/** `then ∘ first`: apply `first`, then `then`. */
export function composeAffine(then: Affine, first: Affine): Affine {
  const [a, b, c, d, e, f] = then;
  const [p, q, r, s, t, u] = first;
  return [a * p + b * s, a * q + b * t, a * r + b * u + c, d * p + e * s, d * q + e * t, d * r + e * u + f];
}

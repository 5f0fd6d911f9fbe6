import { applyAffine, composeAffine, invertAffine } from './affine.ts';
import type { DerivedImage } from './derived-image.ts';

/**
 * The profile across rows `y0`…`y1` of `view` (a turned, rescaled cut-out of `source`), made from
 * `source`'s own pixels: each pixel whose centre falls in the band is averaged into the bin of its
 * x coordinate in the view, `binsPerPixel` (a positive integer) bins to a view pixel.
 *
 * Why not average the view's rows: the view was sampled bilinearly, which blurs a module of a pixel
 * or so into grey before anything reads it. Projected, a symbol lying slightly askew in the frame is
 * sampled at a different phase on each row, so the bins resolve finer than the frame's pixels (as a
 * slanted edge does in lens testing). Empty bins are interpolated from their neighbours, except
 * those whose middle lies outside `source`: they read as `fill` (white: quiet zone), as the view's
 * pixels there do.
 */
export function bandProjection(source: DerivedImage, view: DerivedImage, y0: number, y1: number, binsPerPixel: number, fill = 255): Float64Array {
  const width = view.image.width;
  const bins = width * binsPerPixel;
  const viewToSource = composeAffine(invertAffine(source.toOriginal), view.toOriginal);
  const sourceToView = invertAffine(viewToSource);
  const { width: sw, height: sh, data } = source.image;
  const sum = new Float64Array(bins);
  const count = new Uint32Array(bins);

  const [a, b, c, d, e, f] = sourceToView;
  for (let y = 0; y < sh; y++) {
    // Along a row of the source both view coordinates are linear in x: the pixels in the band are
    // one run, found without visiting the rest of the row (a long band lying askew would otherwise
    // cost its whole bounding box).
    const cy = y + 0.5;
    const run = intersect(within(a, b * cy + c, 0, width), within(d, e * cy + f, y0, y1));
    const xFrom = Math.max(0, Math.ceil(run.from - 0.5));
    const xTo = Math.min(sw - 1, Math.floor(run.to - 0.5));
    for (let x = xFrom; x <= xTo; x++) {
      const vx = a * (x + 0.5) + b * cy + c;
      const vy = d * (x + 0.5) + e * cy + f;
      // The run's ends, exactly (rounding may put an end pixel's centre just outside).
      if (vy < y0 || vy >= y1 || vx < 0 || vx >= width) continue;
      const bin = Math.min(bins - 1, Math.floor(vx * binsPerPixel));
      sum[bin]! += data[y * sw + x]!;
      count[bin]!++;
    }
  }

  const profile = new Float64Array(bins);
  const known: number[] = [];
  const middle = (y0 + y1) / 2;
  for (let i = 0; i < bins; i++) {
    if (count[i]! > 0) profile[i] = sum[i]! / count[i]!;
    else {
      const at = applyAffine(viewToSource, { x: (i + 0.5) / binsPerPixel, y: middle });
      if (at.x >= 0 && at.y >= 0 && at.x < sw && at.y < sh) continue;
      profile[i] = fill;
    }
    known.push(i);
  }
  // A band thinner than the frame's pixel spacing may hold no pixel centre at all: flat, it reads as nothing.
  if (known.length === 0) return profile.fill(fill);
  fillGaps(profile, known);
  return profile;
}

/** Where `slope · x + offset` lies in [`low`, `high`): an interval of x (empty when `from` ≥ `to`). */
function within(slope: number, offset: number, low: number, high: number): { from: number; to: number } {
  if (slope === 0) return low <= offset && offset < high ? { from: -Infinity, to: Infinity } : { from: 0, to: 0 };
  const [x1, x2] = [(low - offset) / slope, (high - offset) / slope];
  return { from: Math.min(x1, x2), to: Math.max(x1, x2) };
}

function intersect(p: { from: number; to: number }, q: { from: number; to: number }): { from: number; to: number } {
  return { from: Math.max(p.from, q.from), to: Math.min(p.to, q.to) };
}

/** Linear interpolation over the bins between `known` ones (sorted, at least one); before the first and after the last, their values. */
function fillGaps(profile: Float64Array, known: readonly number[]): void {
  profile.fill(profile[known[0]!]!, 0, known[0]!);
  profile.fill(profile[known[known.length - 1]!]!, known[known.length - 1]! + 1);
  for (let k = 1; k < known.length; k++) {
    const from = known[k - 1]!;
    const to = known[k]!;
    for (let i = from + 1; i < to; i++) profile[i] = profile[from]! + ((profile[to]! - profile[from]!) * (i - from)) / (to - from);
  }
}

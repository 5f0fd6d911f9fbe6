import type { ColorGradient } from './color-gradient.ts';

/** A straight line x·cos θ + y·sin θ = ρ (image px), with its accumulated gradient weight. */
export interface HoughLine {
  theta: number;
  rho: number;
  votes: number;
}

/** Angle bins per half turn (1°). */
const thetaBins = 180;
/** Each edge pixel votes at its gradient's angle and this many bins either side (edges are not exactly straight). */
const spread = 2;

/**
 * Straight edges of an image by a gradient-oriented Hough transform: each pixel with gradient
 * magnitude ≥ `minMagnitude` votes only near its own gradient direction (not all 180 angles), with
 * its magnitude as weight (capped, so one very contrasted edge does not drown the rest). Peaks are
 * local maxima of the accumulator; near-duplicates (a few degrees and pixels apart) are merged.
 */
export function houghLines(g: ColorGradient, minMagnitude: number, maxLines: number): HoughLine[] {
  const { width: w, height: h, gx, gy, mag } = g;
  const diag = Math.ceil(Math.hypot(w, h));
  const rhoBins = 2 * diag + 1;
  const acc = new Float32Array(thetaBins * rhoBins);
  const cos = new Float64Array(thetaBins);
  const sin = new Float64Array(thetaBins);
  for (let t = 0; t < thetaBins; t++) {
    cos[t] = Math.cos((t * Math.PI) / thetaBins);
    sin[t] = Math.sin((t * Math.PI) / thetaBins);
  }
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const k = y * w + x;
      const m = mag[k]!;
      if (m < minMagnitude) continue;
      let angle = Math.atan2(gy[k]!, gx[k]!);
      if (angle < 0) angle += Math.PI;
      const centre = Math.round((angle / Math.PI) * thetaBins);
      const weight = Math.min(m, 4 * minMagnitude);
      for (let d = -spread; d <= spread; d++) {
        const t = (centre + d + thetaBins) % thetaBins;
        const rho = Math.round(x * cos[t]! + y * sin[t]!) + diag;
        acc[t * rhoBins + rho]! += weight;
      }
    }
  }
  const peaks: HoughLine[] = [];
  for (let t = 0; t < thetaBins; t++) {
    for (let r = 2; r < rhoBins - 2; r++) {
      const v = acc[t * rhoBins + r]!;
      if (v <= 0 || !isLocalMax(acc, rhoBins, t, r, v)) continue;
      peaks.push({ theta: (t * Math.PI) / thetaBins, rho: r - diag, votes: v });
    }
  }
  peaks.sort((a, b) => b.votes - a.votes);
  const kept: HoughLine[] = [];
  for (const p of peaks) {
    if (kept.some((k) => sameLine(k, p, w, h))) continue;
    kept.push(p);
    if (kept.length === maxLines) break;
  }
  return kept;
}

/** Maximum over ±2 angle bins and ±3 distance bins (angles wrap around). */
function isLocalMax(acc: Float32Array, rhoBins: number, t: number, r: number, v: number): boolean {
  for (let dt = -2; dt <= 2; dt++) {
    const tt = t + dt;
    // Across the wrap, θ+π is the same line with −ρ.
    const row = tt < 0 ? tt + thetaBins : tt >= thetaBins ? tt - thetaBins : tt;
    const rr0 = tt < 0 || tt >= thetaBins ? rhoBins - 1 - r : r;
    for (let dr = -3; dr <= 3; dr++) {
      const rr = rr0 + dr;
      if (rr < 0 || rr >= rhoBins || (dt === 0 && dr === 0)) continue;
      const u = acc[row * rhoBins + rr]!;
      if (u > v || (u === v && (dt < 0 || (dt === 0 && dr < 0)))) return false;
    }
  }
  return true;
}

/** Two lines within 4° whose distances from the image centre differ by under 1.5 % of its size. */
function sameLine(a: HoughLine, b: HoughLine, w: number, h: number): boolean {
  const raw = Math.abs(a.theta - b.theta);
  // θ and θ ± π are the same direction with the normal (and so the distance's sign) flipped.
  const wrap = raw > Math.PI / 2;
  if ((wrap ? Math.PI - raw : raw) > (4 * Math.PI) / 180) return false;
  const offset = (l: HoughLine) => (w / 2) * Math.cos(l.theta) + (h / 2) * Math.sin(l.theta) - l.rho;
  return Math.abs(offset(a) - (wrap ? -offset(b) : offset(b))) < 0.015 * Math.max(w, h);
}

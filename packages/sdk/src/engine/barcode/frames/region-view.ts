import { derive, type DerivedImage } from '../../image/derived-image.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { warpRect } from '../../image/warp-rect.ts';
import type { BarRegion } from './locate-bar-regions.ts';

export interface RegionViewOptions {
  /** Extra room across the bars on each side, as a fraction of the region's length (quiet zone, missed edge bars). */
  margin?: number;
  /** Narrow-module width, in pixels, the view is scaled to when the symbol is finer than `minModule`. */
  targetModule?: number;
  /** Symbols with a finer estimated module are upscaled to `targetModule`. */
  minModule?: number;
  /** Cap of the view's size, pixels. */
  maxPixels?: number;
}

/**
 * Cuts a located bar region out of the frame, turns it so that the bars are vertical and scales it
 * so that a narrow module is a few pixels wide: the view zxing reads best (its linear readers scan
 * rows, and its edge detection needs ≥2 px per module). The returned image maps back to the
 * original frame.
 */
export function regionView(root: DerivedImage, region: BarRegion, options: RegionViewOptions = {}): DerivedImage {
  const { margin = 0.15, targetModule = 3, minModule = 2.2, maxPixels = 2_000_000 } = options;
  const rect = {
    centre: region.centre,
    angle: region.angle,
    width: region.length * (1 + 2 * margin) + 16,
    height: region.thickness + 16,
  };
  const upright = derive(root, warpRect(root.image, rect));
  const module = estimateModule(upright.image);
  // Coarse symbols are left alone: zxing reads them fine, and a blurred symbol's module is easily
  // overestimated (merged runs), so shrinking could destroy it.
  let scale = module < minModule ? targetModule / module : 1;
  scale = Math.min(scale, 4, Math.sqrt(maxPixels / (rect.width * rect.height)));
  if (Math.abs(scale - 1) < 0.1) return upright;
  // Sample once more from the root at the final scale rather than resampling the resampled view.
  return derive(root, warpRect(root.image, rect, scale));
}

/**
 * Narrow-module width from the mean run length of bar profiles: five lines across the middle of the
 * view (each the mean of three adjacent rows, short enough to stay within one PDF417 row), split
 * at their local mean with hysteresis; the median of the five estimates. Linear symbologies and
 * PDF417 average roughly 1.7–2.1 modules per bar or space.
 */
export function estimateModule(view: GrayImage): number {
  const estimates: number[] = [];
  for (const fraction of [0.3, 0.4, 0.5, 0.6, 0.7]) {
    const y = Math.min(view.height - 2, Math.max(1, Math.round(fraction * view.height)));
    estimates.push(meanRunOfLine(view, y) / 1.8);
  }
  estimates.sort((a, b) => a - b);
  return estimates[2]!;
}

function meanRunOfLine(view: GrayImage, centreRow: number): number {
  const { width, height, data } = view;
  const profile = new Float32Array(width);
  let rows = 0;
  for (let y = Math.max(0, centreRow - 1); y <= Math.min(height - 1, centreRow + 1); y++, rows++) {
    for (let x = 0; x < width; x++) profile[x]! += data[y * width + x]!;
  }
  let low = Infinity;
  let high = -Infinity;
  for (let x = 0; x < width; x++) {
    profile[x] = profile[x]! / rows;
    low = Math.min(low, profile[x]!);
    high = Math.max(high, profile[x]!);
  }
  // Split at a local mean (±16 px), so uneven lighting along the symbol does not merge runs, with
  // hysteresis, so noise in the quiet zone does not count as runs.
  const hysteresis = Math.max(2, 0.1 * (high - low));
  let transitions = 0;
  let previous = 0;
  let first = -1;
  let last = -1;
  let windowSum = 0;
  let windowCount = 0;
  for (let k = 0; k < Math.min(16, width); k++) {
    windowSum += profile[k]!;
    windowCount++;
  }
  for (let x = 0; x < width; x++) {
    if (x + 16 < width) {
      windowSum += profile[x + 16]!;
      windowCount++;
    }
    if (x - 17 >= 0) {
      windowSum -= profile[x - 17]!;
      windowCount--;
    }
    const deviation = profile[x]! - windowSum / windowCount;
    if (Math.abs(deviation) < hysteresis) continue;
    const sign = deviation < 0 ? -1 : 1;
    if (previous !== 0 && sign !== previous) {
      transitions++;
      if (first < 0) first = x;
      last = x;
    }
    previous = sign;
  }
  return transitions < 4 ? Infinity : (last - first) / (transitions - 1);
}

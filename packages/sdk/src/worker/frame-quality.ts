import type { Frame } from '../core/frame.ts';
import { laplacianVariance } from '../engine/image/laplacian-sharpness.ts';
import type { FrameQuality } from './worker-api.ts';

/**
 * Cheap quality metrics for live-scanning feedback, on a gray copy downscaled to ≤ 320 px wide
 * (a 1080p frame in ~2 ms): brightness, Laplacian variance (sharpness) and the near-white share
 * (glare). Thresholds live in the scan session, not here.
 */
export function measureFrameQuality(frame: Frame): FrameQuality {
  const step = Math.max(1, Math.ceil(frame.width / 320));
  const w = Math.floor(frame.width / step);
  const h = Math.floor(frame.height / step);
  const gray = new Float32Array(w * h);
  let sum = 0;
  let bright = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * step * frame.width + x * step) * 4;
      const v = 0.299 * frame.data[i]! + 0.587 * frame.data[i + 1]! + 0.114 * frame.data[i + 2]!;
      gray[y * w + x] = v;
      sum += v;
      if (v > 245) bright++;
    }
  }
  return {
    width: frame.width,
    height: frame.height,
    brightness: w * h ? sum / (w * h) : 0,
    sharpness: laplacianVariance(gray, w, h),
    glare: w * h ? bright / (w * h) : 0,
  };
}

import type { Frame } from '../../core/frame.ts';

/** Per-pixel Sobel gradient of an RGBA frame, taken in the colour channel that changes most. */
export interface ColorGradient {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
  /** |g|, 0 on the one-pixel border. */
  mag: Float32Array;
}

/**
 * Sobel gradients per channel, keeping the channel with the largest magnitude: a red card on green
 * leaves, or a blue passport on a grey desk, has little luminance edge but a strong one in colour.
 */
export function colorGradient(frame: Frame): ColorGradient {
  const { width: w, height: h, data } = frame;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = (y * w + x) * 4;
      const up = i - 4 * w;
      const down = i + 4 * w;
      let bx = 0;
      let by = 0;
      let bm = -1;
      for (let c = 0; c < 3; c++) {
        const sx = data[up + 4 + c]! + 2 * data[i + 4 + c]! + data[down + 4 + c]! - data[up - 4 + c]! - 2 * data[i - 4 + c]! - data[down - 4 + c]!;
        const sy = data[down - 4 + c]! + 2 * data[down + c]! + data[down + 4 + c]! - data[up - 4 + c]! - 2 * data[up + c]! - data[up + 4 + c]!;
        const m = sx * sx + sy * sy;
        if (m > bm) {
          bm = m;
          bx = sx;
          by = sy;
        }
      }
      const k = y * w + x;
      gx[k] = bx;
      gy[k] = by;
      mag[k] = Math.sqrt(bm);
    }
  }
  return { width: w, height: h, gx, gy, mag };
}

import type { GrayImage } from '../../image/gray-image.ts';

/** Length of the re-blurring box filter (px). */
const reblur = 9;

/**
 * How blurred an image is, 0 (sharp) … 1 (featureless), by re-blurring (Crété-Roffet et al., 2007):
 * a sharp image loses much of its neighbour-to-neighbour variation when blurred again, an already
 * blurred one little. Taken horizontally and vertically; the blurrier direction counts (motion blur
 * is directional). Largely independent of content and contrast, unlike raw Laplacian variance.
 */
export function blurAmount(image: GrayImage): number {
  const { width: w, height: h, data } = image;
  if (w < reblur + 2 || h < reblur + 2) return 1;
  const direction = (dx: number, dy: number) => {
    let sumF = 0;
    let sumV = 0;
    const half = (reblur - 1) / 2;
    for (let y = half + 1; y < h - half; y++) {
      for (let x = half + 1; x < w - half; x++) {
        const i = y * w + x;
        const prev = i - dx - dy * w;
        let b0 = 0;
        let b1 = 0;
        for (let k = -half; k <= half; k++) {
          b0 += data[i + k * (dx + dy * w)]!;
          b1 += data[prev + k * (dx + dy * w)]!;
        }
        const dF = Math.abs(data[i]! - data[prev]!);
        const dB = Math.abs(b0 - b1) / reblur;
        sumF += dF;
        sumV += Math.max(0, dF - dB);
      }
    }
    return sumF === 0 ? 1 : (sumF - sumV) / sumF;
  };
  return Math.max(direction(1, 0), direction(0, 1));
}

import { boxBlur } from './box-blur.ts';
import type { GrayImage } from './gray-image.ts';

/**
 * Unsharp mask: `source + amount · (source − blur(source))`. Steepens the soft bar edges of
 * out-of-focus photos so that narrow bars and spaces survive binarization.
 */
export function sharpen(source: GrayImage, amount = 1, radius = 1): GrayImage {
  const blurred = boxBlur(source, radius);
  const data = new Uint8Array(source.data.length);
  for (let i = 0; i < data.length; i++) {
    const value = source.data[i]! + amount * (source.data[i]! - blurred.data[i]!);
    data[i] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
  }
  return { width: source.width, height: source.height, data };
}

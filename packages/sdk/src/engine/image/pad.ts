import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/**
 * Surrounds an image with a `border`-pixel frame of `fill` (white by default). Barcodes printed or
 * cropped right up to the image edge lack the quiet zone that zxing's finders look for; a white
 * border gives it back. Returns the map from the padded image's coordinates to the source's.
 */
export function pad(source: GrayImage, border: number, fill = 255): { image: GrayImage; toSource: Affine } {
  border = Math.max(0, Math.round(border));
  const width = source.width + 2 * border;
  const height = source.height + 2 * border;
  const data = new Uint8Array(width * height).fill(fill);
  for (let y = 0; y < source.height; y++) {
    data.set(source.data.subarray(y * source.width, (y + 1) * source.width), (y + border) * width + border);
  }
  return { image: { width, height, data }, toSource: [1, 0, -border, 0, 1, -border] };
}

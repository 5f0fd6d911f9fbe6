import type { Frame } from '../../core/frame.ts';

/** One byte of luminance per pixel. Most recognition passes work on this, 4x smaller than RGBA. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** ITU-R BT.601 luma, in integer arithmetic (the same weights zxing-cpp uses). */
export function toGray(frame: Frame): GrayImage {
  const { width, height, data } = frame;
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    gray[i] = (306 * data[p]! + 601 * data[p + 1]! + 117 * data[p + 2]! + 512) >> 10;
  }
  return { width, height, data: gray };
}

/** Expands gray back to RGBA, for readers that only take RGBA. */
export function grayToFrame(image: GrayImage): Frame {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, p = 0; i < image.data.length; i++, p += 4) {
    const v = image.data[i]!;
    rgba[p] = v;
    rgba[p + 1] = v;
    rgba[p + 2] = v;
    rgba[p + 3] = 255;
  }
  return { width: image.width, height: image.height, data: rgba };
}

import type { ModelInputSpec, Normalisation } from '@idlens/models';
import type { Frame } from '../frame.ts';

/** Channel order: which RGBA byte feeds tensor channel 0, 1, 2 (PaddleOCR models were trained on OpenCV's BGR). */
const channelOrder: Record<ModelInputSpec['channels'], readonly number[]> = {
  BGR: [2, 1, 0],
  RGB: [0, 1, 2],
  GRAY: [],
};

/**
 * Writes a frame into a CHW float tensor slice at `out[offset…]`, normalised per the manifest
 * (`(v·scale − mean)/std`), `tensorWidth` wide (columns beyond the frame are left as they are:
 * the caller pre-fills padding). GRAY uses BT.601 luma, as `toGray` does.
 */
export function writeFrameTensor(
  frame: Frame,
  channels: ModelInputSpec['channels'],
  norm: Normalisation,
  out: Float32Array,
  offset: number,
  tensorWidth: number,
  tensorHeight: number,
): void {
  const { width, height, data } = frame;
  const plane = tensorWidth * tensorHeight;
  if (channels === 'GRAY') {
    const m = norm.mean[0]!;
    const s = norm.std[0]!;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        const v = (306 * data[p]! + 601 * data[p + 1]! + 117 * data[p + 2]! + 512) >> 10;
        out[offset + y * tensorWidth + x] = (v * norm.scale - m) / s;
      }
    }
    return;
  }
  const order = channelOrder[channels];
  for (let c = 0; c < 3; c++) {
    const src = order[c]!;
    const m = norm.mean[c]!;
    const s = norm.std[c]!;
    const base = offset + c * plane;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        out[base + y * tensorWidth + x] = (data[(y * width + x) * 4 + src]! * norm.scale - m) / s;
      }
    }
  }
}

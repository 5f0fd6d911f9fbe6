import type { ModelInputSpec, Normalisation } from '@idlens/models';
import type { Frame } from '../../core/frame.ts';
import { toGray } from '../image/gray-image.ts';

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
  stretchContrast = false,
): void {
  const { width, height, data } = frame;
  const plane = tensorWidth * tensorHeight;
  if (channels === 'GRAY') {
    const m = norm.mean[0]!;
    const s = norm.std[0]!;
    const gray = toGray(frame).data;
    const levels = stretchContrast ? stretchTable(gray) : null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = gray[y * width + x]!;
        out[offset + y * tensorWidth + x] = ((levels ? levels[v]! : v) * norm.scale - m) / s;
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

/**
 * Gray level → stretched level, mapping the 2nd percentile to 0 and the 98th to 255 (the same
 * percentiles, by the same nearest-rank rule, as models/training/mrz_render.py's `stretch`).
 */
function stretchTable(gray: Uint8Array): Float32Array {
  const histogram = new Uint32Array(256);
  for (const v of gray) histogram[v]!++;
  const at = (fraction: number) => {
    const rank = Math.floor(fraction * (gray.length - 1));
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen > rank) return v;
    }
    return 255;
  };
  const lo = at(0.02);
  const hi = Math.max(lo + 1, at(0.98));
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v++) table[v] = Math.min(255, Math.max(0, ((v - lo) * 255) / (hi - lo)));
  return table;
}

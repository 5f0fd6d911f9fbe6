import { IdlensError } from './errors.ts';

/** An RGBA image: the only image form the engine accepts. Decoding bytes is the caller's job. */
export interface Frame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Largest frame the engine accepts (pixels). Callers enforce their own, usually smaller, limits. */
export const maxFramePixels = 100_000_000;

export function assertValidFrame(frame: Frame, label = 'frame'): void {
  const { width, height, data } = frame ?? ({} as Frame);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new IdlensError('INVALID_FRAME', `${label}: width and height must be positive integers`);
  }
  if (width * height > maxFramePixels) {
    throw new IdlensError('IMAGE_TOO_LARGE', `${label}: ${width}x${height} exceeds ${maxFramePixels} pixels`);
  }
  if (!(data instanceof Uint8ClampedArray) || data.length !== width * height * 4) {
    throw new IdlensError('INVALID_FRAME', `${label}: data must be a Uint8ClampedArray of width*height*4 RGBA bytes`);
  }
}

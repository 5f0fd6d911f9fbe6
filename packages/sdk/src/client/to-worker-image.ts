import { IdlensError } from '../core/errors.ts';
import type { Frame } from '../core/frame.ts';
import type { ImageInput } from '../core/image-input.ts';
import type { WorkerImage } from '../worker/worker-api.ts';

/**
 * Prepares an input for the worker and lists what to transfer: ImageBitmaps and RGBA buffers move
 * to the worker without a copy (the caller's ImageData/bitmap is detached afterwards); Blobs are
 * passed by reference and decoded in the worker; video/canvas/img elements are snapshotted into a
 * fresh ImageBitmap first (the only copy, and it happens on the GPU/compositor side).
 */
export async function toWorkerImage(input: ImageInput, label = 'image'): Promise<{ image: WorkerImage; transfer: Transferable[] }> {
  if (input == null) throw new IdlensError('INVALID_FRAME', `${label}: no image`);
  if (typeof Blob !== 'undefined' && input instanceof Blob) return { image: input, transfer: [] };
  if (typeof ImageBitmap !== 'undefined' && input instanceof ImageBitmap) return { image: input, transfer: [input] };
  if (isFrameLike(input)) {
    const frame: Frame = { width: input.width, height: input.height, data: input.data };
    return { image: frame, transfer: [frame.data.buffer] };
  }
  if (typeof HTMLVideoElement !== 'undefined' && input instanceof HTMLVideoElement && input.readyState < 2) {
    throw new IdlensError('INVALID_FRAME', `${label}: the video has no frame yet`);
  }
  try {
    const bitmap = await createImageBitmap(input as ImageBitmapSource);
    return { image: bitmap, transfer: [bitmap] };
  } catch (error) {
    throw new IdlensError('IMAGE_DECODE_FAILED', `${label}: cannot read pixels from this input`, { cause: error });
  }
}

function isFrameLike(input: unknown): input is Frame {
  const f = input as Partial<Frame>;
  return !!f && f.data instanceof Uint8ClampedArray && typeof f.width === 'number' && typeof f.height === 'number';
}

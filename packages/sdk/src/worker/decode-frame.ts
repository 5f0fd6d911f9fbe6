import { IdlensError } from '../core/errors.ts';
import type { Frame } from '../core/frame.ts';
import type { WorkerImage } from './worker-api.ts';

/** Largest image decoded in the browser (pixels), as the server's default limit. */
const maxPixels = 40_000_000;

/**
 * Turns whatever the page sent into an RGBA frame. Decoding ignores colour profiles and keeps
 * alpha unpremultiplied, so a PNG yields exactly the pixels sharp gives the server — the basis of
 * the browser/server parity. ImageBitmaps are closed once read (they were transferred to us).
 */
export async function decodeFrame(image: WorkerImage, label = 'image'): Promise<Frame> {
  if (isFrame(image)) return image;
  let bitmap: ImageBitmap;
  if (typeof Blob !== 'undefined' && image instanceof Blob) {
    try {
      bitmap = await createImageBitmap(image, { colorSpaceConversion: 'none', premultiplyAlpha: 'none', imageOrientation: 'from-image' });
    } catch (error) {
      throw new IdlensError('IMAGE_DECODE_FAILED', `${label}: the image could not be decoded`, { cause: error });
    }
  } else if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) {
    bitmap = image;
  } else {
    throw new IdlensError('INVALID_FRAME', `${label}: expected an ImageBitmap, ImageData, Blob or RGBA frame`);
  }
  try {
    const { width, height } = bitmap;
    if (width * height > maxPixels) throw new IdlensError('IMAGE_TOO_LARGE', `${label}: ${width}x${height} is more than ${maxPixels} pixels`);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' }) as OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new IdlensError('RUNTIME_UNAVAILABLE', 'OffscreenCanvas 2D is not available');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, width, height, { colorSpace: 'srgb' }).data;
    return { width, height, data };
  } finally {
    bitmap.close();
  }
}

function isFrame(image: WorkerImage): image is Frame {
  return (image as Frame).data instanceof Uint8ClampedArray && typeof (image as Frame).width === 'number';
}

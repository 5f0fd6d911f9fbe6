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
    const ctx = canvasOf(width, height);
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, width, height, { colorSpace: 'srgb' }).data;
    return { width, height, data };
  } finally {
    bitmap.close();
  }
}

let drawn: OffscreenCanvasRenderingContext2D | null = null;

/**
 * The one canvas images are drawn on to be read, kept from call to call: a live scan decodes a
 * frame every few hundred ms, and a new 1080p canvas each time was 8 MB of fresh memory, slow to
 * touch the first time (docs/sdk.md, "OCR runtime"). Drawing replaces its pixels ('copy'), so
 * nothing of an earlier image shows through a transparent one.
 */
function canvasOf(width: number, height: number): OffscreenCanvasRenderingContext2D {
  if (!drawn) {
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' });
    if (!ctx) throw new IdlensError('RUNTIME_UNAVAILABLE', 'OffscreenCanvas 2D is not available');
    drawn = ctx as OffscreenCanvasRenderingContext2D;
  }
  const { canvas } = drawn;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  // Set after any resize, which resets the context's state.
  drawn.globalCompositeOperation = 'copy';
  return drawn;
}

function isFrame(image: WorkerImage): image is Frame {
  return (image as Frame).data instanceof Uint8ClampedArray && typeof (image as Frame).width === 'number';
}

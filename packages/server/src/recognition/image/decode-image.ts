import type { Frame } from '@idlens/sdk';
import sharp from 'sharp';
import { ApiError } from '../../errors.ts';

const magicNumbers: Array<{ format: 'jpeg' | 'png'; bytes: number[] }> = [
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** JPEG or PNG by magic bytes — the only formats the spec accepts, whatever a client claims. */
export function sniffImageFormat(bytes: Uint8Array): 'jpeg' | 'png' | null {
  for (const { format, bytes: magic } of magicNumbers) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return format;
  }
  return null;
}

/**
 * Decodes JPEG/PNG bytes to an RGBA frame, upright per EXIF orientation. Rejects other formats,
 * truncated or corrupt files and images over the pixel limit (checked from the header, before
 * any pixel is decoded).
 */
export async function decodeImage(bytes: Uint8Array, field: string, maxPixels: number): Promise<Frame> {
  if (bytes.length === 0) throw new ApiError('IMAGE_DECODE_FAILED', `${field}: the image is empty`);
  if (!sniffImageFormat(bytes)) throw new ApiError('IMAGE_FORMAT_UNSUPPORTED', `${field}: only JPEG and PNG images are accepted`);
  try {
    const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated', sequentialRead: true });
    const { width = 0, height = 0 } = await image.metadata();
    if (width * height > maxPixels) {
      throw new ApiError('IMAGE_TOO_LARGE', `${field}: ${width}x${height} is more than ${maxPixels} pixels`);
    }
    const { data, info } = await image.rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // A fresh, exactly sized buffer: it is transferred to a worker thread, which detaches it.
    const pixels = new Uint8ClampedArray(data.length);
    pixels.set(data);
    return { width: info.width, height: info.height, data: pixels };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (/pixel limit/i.test(String((error as Error).message))) {
      throw new ApiError('IMAGE_TOO_LARGE', `${field}: the image has more than ${maxPixels} pixels`);
    }
    throw new ApiError('IMAGE_DECODE_FAILED', `${field}: the image could not be decoded (corrupt or truncated)`);
  }
}

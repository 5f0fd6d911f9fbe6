import type { Frame } from '@idlens/sdk';
import sharp from 'sharp';
import { ApiError } from '../errors.ts';

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

/** The size a decoded frame is scaled to (upright, after EXIF orientation); absent = as it is. */
export interface FrameSize {
  width: number;
  height: number;
}

function decodeRaw(bytes: Uint8Array, maxPixels: number, failOn: 'warning' | 'truncated', size: FrameSize | undefined) {
  let image = sharp(bytes, { limitInputPixels: maxPixels, failOn, sequentialRead: true }).rotate();
  // In the same pass as decoding (JPEG shrinks on load, PNG rows stream): the full-size frame never exists.
  if (size) image = image.resize({ width: size.width, height: size.height, fit: 'fill' });
  return image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Encoded bytes whose format and header were checked: how many pixels decoding them will produce. */
export interface ProbedImage {
  bytes: Uint8Array;
  field: string;
  pixels: number;
  /** Upright size (EXIF orientation applied), in pixels. */
  width: number;
  height: number;
}

function decodeFailure(error: unknown, field: string, maxPixels: number): ApiError {
  if (error instanceof ApiError) return error;
  if (/pixel limit/i.test(String((error as Error).message))) {
    return new ApiError('IMAGE_TOO_LARGE', `${field}: the image has more than ${maxPixels} pixels`);
  }
  return new ApiError('IMAGE_DECODE_FAILED', `${field}: the image could not be decoded (corrupt or truncated)`);
}

/**
 * Checks JPEG/PNG bytes without decoding a pixel: the format by magic bytes, the size from the
 * header (decompression bombs stop here). Cheap, so it runs before the caller reserves memory.
 */
export async function probeImage(bytes: Uint8Array, field: string, maxPixels: number): Promise<ProbedImage> {
  if (bytes.length === 0) throw new ApiError('IMAGE_DECODE_FAILED', `${field}: the image is empty`);
  if (!sniffImageFormat(bytes)) throw new ApiError('IMAGE_FORMAT_UNSUPPORTED', `${field}: only JPEG and PNG images are accepted`);
  let width = 0;
  let height = 0;
  let orientation = 1;
  try {
    ({ width = 0, height = 0, orientation = 1 } = await sharp(bytes, { limitInputPixels: maxPixels }).metadata());
  } catch (error) {
    throw decodeFailure(error, field, maxPixels);
  }
  if (width * height > maxPixels) throw new ApiError('IMAGE_TOO_LARGE', `${field}: ${width}x${height} is more than ${maxPixels} pixels`);
  if (width * height === 0) throw new ApiError('IMAGE_DECODE_FAILED', `${field}: the image has no pixels`);
  // EXIF orientations 5–8 turn the image a quarter: the frame is as high as the stored image is wide.
  const turned = orientation >= 5 && orientation <= 8;
  return { bytes, field, pixels: width * height, width: turned ? height : width, height: turned ? width : height };
}

/** The size of a probed image scaled down, aspect kept, to at most `maxPixels`; null when it is within already. */
export function scaledSize(image: Pick<ProbedImage, 'width' | 'height'>, maxPixels: number): FrameSize | null {
  if (image.width * image.height <= maxPixels) return null;
  const scale = Math.sqrt(maxPixels / (image.width * image.height));
  return { width: Math.max(1, Math.floor(image.width * scale)), height: Math.max(1, Math.floor(image.height * scale)) };
}

/**
 * Decodes probed bytes to an RGBA frame, upright per EXIF orientation (scaled to `size` when
 * given, in the same pass). A frame that goes to a worker thread is a copy of the decoder's buffer,
 * one that stays in this thread (`transferable: false`) is the decoder's buffer itself. Rejects truncated or
 * corrupt files: any decoder warning (corrupt entropy data would otherwise decode to a plausible
 * but blank frame).
 */
export async function decodeProbed({ bytes, field }: ProbedImage, maxPixels: number, size?: FrameSize, { transferable = true } = {}): Promise<Frame> {
  try {
    const { data, info } = await decodeRaw(bytes, maxPixels, 'warning', size).catch((error: Error) => {
      // libjpeg warns about damage it papers over (corrupt entropy data decodes to grey blocks):
      // that is a corrupt image. Only stray bytes between markers are harmless.
      if (/extraneous bytes before marker/i.test(error.message)) return decodeRaw(bytes, maxPixels, 'truncated', size);
      throw error;
    });
    if (!transferable && data.byteOffset === 0 && data.buffer.byteLength === data.length) {
      // A frame that stays in this thread: sharp's own buffer, no copy.
      return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, 0, data.length) };
    }
    // A fresh, exactly sized buffer: it is transferred to a worker thread, which detaches it (a
    // native module's memory, like sharp's, cannot be moved: Node would copy it).
    const pixels = new Uint8ClampedArray(data.length);
    pixels.set(data);
    return { width: info.width, height: info.height, data: pixels };
  } catch (error) {
    throw decodeFailure(error, field, maxPixels);
  }
}

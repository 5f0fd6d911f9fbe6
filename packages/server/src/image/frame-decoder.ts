import type { Frame } from '@idlens/sdk';
import type { PixelBudget } from '../admission/pixel-budget.ts';
import { decodeProbed, probeImage, scaledSize, type ProbedImage } from './decode-image.ts';

/** Encoded image bytes and the request field they came from (named in errors). */
export interface EncodedImage {
  bytes: Uint8Array;
  field: string;
}

export interface DecodedImage {
  frame: Frame;
  probed: ProbedImage;
  /** True when the frame is smaller than the image (it had more than `maxFramePixels`). */
  scaled: boolean;
}

/**
 * The platform's decoding (step submissions, verification of stored images): every image of a
 * piece of work is checked from its header first (format, IMAGE_MAX_PIXELS), then the pixels of
 * all its frames — scaled down to `maxFramePixels`, what recognition needs — are reserved in one
 * piece from the process's pixel budget, and held until `use` settles: the frames are alive until
 * then, so what the budget counts is what memory holds.
 */
export interface FrameDecoder {
  /** `transferable: false` when the frames stay in this thread (not recognized): they are then not copied. */
  withFrames<T>(images: EncodedImage[], use: (decoded: DecodedImage[]) => Promise<T>, options?: { transferable?: boolean }): Promise<T>;
}

export function createFrameDecoder({ maxPixels, maxFramePixels, pixels }: { maxPixels: number; maxFramePixels: number; pixels: PixelBudget }): FrameDecoder {
  return {
    async withFrames(images, use, { transferable = true } = {}) {
      // In order: the first bad image is the one named, whatever the others are.
      const probed: ProbedImage[] = [];
      for (const { bytes, field } of images) probed.push(await probeImage(bytes, field, maxPixels));
      const sizes = probed.map((image) => scaledSize(image, maxFramePixels));
      const release = await pixels.reserve(probed.reduce((sum, image, i) => sum + (sizes[i] ? sizes[i].width * sizes[i].height : image.pixels), 0));
      try {
        const decoded: DecodedImage[] = [];
        // One at a time: the decoder's own working memory is one image's.
        for (const [i, image] of probed.entries()) {
          decoded.push({ frame: await decodeProbed(image, maxPixels, sizes[i] ?? undefined, { transferable }), probed: image, scaled: sizes[i] !== null });
        }
        return await use(decoded);
      } finally {
        release();
      }
    },
  };
}

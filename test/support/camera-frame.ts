import sharp from 'sharp';

/** An RGBA image (the engine's Frame shape). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The grey of the desk round the document in a camera frame. */
export const cameraDesk = { r: 88, g: 94, b: 104, alpha: 1 };

/**
 * Places an image in the middle of a camera-sized frame (a grey desk around it), as a phone held
 * over the document would see it: scaled to fit the frame, so a photo larger than it is downscaled
 * as the camera would. The fake camera of the browser tests shows these frames; engine tests read
 * the same pixels.
 */
export async function cameraFrame(image: RgbaImage | Uint8Array, width = 1280, height = 720): Promise<RgbaImage> {
  const input = image instanceof Uint8Array ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
  const { data, info } = await input
    .resize({ width, height, fit: 'contain', background: cameraDesk })
    .flatten({ background: cameraDesk })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * The image in the middle of a 16:9 photo `width` px wide of the desk, at its own size: the document
 * photographed from further away, which `cameraFrame` then scales down to the camera's frame.
 */
export async function onDesk(image: RgbaImage, width: number): Promise<Buffer> {
  const height = Math.round((width * 9) / 16);
  const input = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 4, background: cameraDesk } })
    .composite([{ input, left: Math.round((width - image.width) / 2), top: Math.round((height - image.height) / 2) }])
    .png()
    .toBuffer();
}

/** The fake camera's frame of an image (`cameraFrame`) as the PNG a client would upload of it. */
export async function cameraFramePng(image: Buffer): Promise<Buffer> {
  const { width, height, data } = await cameraFrame(image);
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

import { writeFile } from 'node:fs/promises';
import type { RgbaImage } from '../../../support/camera-frame.ts';

export { cameraFrame, type RgbaImage } from '../../../support/camera-frame.ts';

/** RGBA → planar I420 (BT.601 studio range, what Chromium's fake capture expects from a y4m). */
export function toI420({ width, height, data }: RgbaImage): Uint8Array {
  const out = new Uint8Array(width * height * 1.5);
  const uBase = width * height;
  const vBase = uBase + (width / 2) * (height / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out[y * width + x] = ((66 * data[i]! + 129 * data[i + 1]! + 25 * data[i + 2]! + 128) >> 8) + 16;
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * width + x + dx) * 4;
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const j = (y / 2) * (width / 2) + x / 2;
      out[uBase + j] = ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128;
      out[vBase + j] = ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128;
    }
  }
  return out;
}

/**
 * Writes a YUV4MPEG2 file for Chromium's `--use-file-for-fake-video-capture`: a header, then
 * each scene repeated `frames` times. Chromium loops the file, so the scenes cycle.
 */
export async function writeY4m(file: string, scenes: Array<{ image: RgbaImage; frames: number }>, fps = 2): Promise<void> {
  const { width, height } = scenes[0]!.image;
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const { image, frames } of scenes) {
    if (image.width !== width || image.height !== height) throw new Error('all y4m frames must have the same size');
    const planes = toI420(image);
    for (let n = 0; n < frames; n++) parts.push(Buffer.from('FRAME\n'), planes);
  }
  await writeFile(file, Buffer.concat(parts));
}

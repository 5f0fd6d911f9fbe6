import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from './paths.ts';

/**
 * npm `@vladmandic/human` (MIT), a test dependency: its BlazeFace weights are the original the
 * face detector was converted from, and its demo screenshots hold the faces of generated portraits.
 */
export const humanPackageDir = path.join(repoRoot, 'test/node_modules/@vladmandic/human');

/** Face crops of `assets/screenshot-facedetect.jpg` (800×718): x, y, width, height. */
const faces: ReadonlyArray<readonly [number, number, number, number]> = [
  [8, 345, 150, 152],
  [164, 345, 150, 152],
  [321, 345, 150, 152],
  [479, 345, 150, 152],
];

/** How many different portraits `portraitPng` has. */
export const portraitCount = faces.length + 1;

/**
 * A portrait photo (PNG) of `width`×`height` for generated documents: face `index` (0 … portraitCount − 1,
 * wrapping) on a light backdrop, the head about as large in the frame as ID photos show it.
 */
export async function portraitPng(index: number, width: number, height: number): Promise<Buffer> {
  const i = index % portraitCount;
  const [file, left, top, w, h] =
    i === 0 ? (['screenshot-faceid.jpg', 14, 142, 139, 139] as const) : (['screenshot-facedetect.jpg', ...faces[i - 1]!] as const);
  const side = Math.round(Math.min(width, height) * 0.8);
  const face = await sharp(path.join(humanPackageDir, 'assets', file))
    .extract({ left, top, width: w, height: h })
    .resize(side, side)
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#d9dde0' } })
    .composite([{ input: face, left: Math.round((width - side) / 2), top: Math.round((height - side) * 0.4) }])
    .png()
    .toBuffer();
}

import sharp from 'sharp';

/** An image as a phone or scanner might also deliver it: the same photo, transformed. */
export interface PhotoVariant {
  name: string;
  make: (bytes: Buffer) => Promise<Buffer>;
}

/** Turned by a quarter, half and three-quarter turn, and small photos enlarged into a 1920×1080 frame. */
export const orientationVariants: PhotoVariant[] = [
  { name: 'turned 90°', make: (b) => sharp(b).rotate(90).png().toBuffer() },
  { name: 'turned 180°', make: (b) => sharp(b).rotate(180).png().toBuffer() },
  { name: 'turned 270°', make: (b) => sharp(b).rotate(270).png().toBuffer() },
  { name: 'letterboxed into 1920×1080', make: (b) => sharp(b).resize(1920, 1080, { fit: 'contain', background: '#5a5048' }).png().toBuffer() },
];

/** Held slightly askew, shrunk, and recompressed hard: what a hurried capture adds. */
export const captureVariants: PhotoVariant[] = [
  { name: 'turned 7° (on a dark table)', make: (b) => sharp(b).rotate(7, { background: '#3c342c' }).png().toBuffer() },
  {
    name: 'scaled to 70 %',
    make: async (b) =>
      sharp(b)
        .resize(Math.round(((await sharp(b).metadata()).width ?? 1000) * 0.7))
        .png()
        .toBuffer(),
  },
  { name: 'JPEG quality 40', make: (b) => sharp(b).jpeg({ quality: 40 }).toBuffer() },
];

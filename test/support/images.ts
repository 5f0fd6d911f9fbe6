import sharp from 'sharp';

/** A small generated photo-like image (a gradient with a block), PNG or JPEG bytes. */
export async function sampleImage(format: 'png' | 'jpeg', seed = 0, width = 320, height = 200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inBlock = x > 40 && x < 120 && y > 40 && y < 160;
      pixels[i] = inBlock ? 20 : (x + seed * 17) & 255;
      pixels[i + 1] = inBlock ? 20 : (y * 2 + seed) & 255;
      pixels[i + 2] = inBlock ? 20 : 180;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

export const b64 = (bytes: Buffer) => bytes.toString('base64');

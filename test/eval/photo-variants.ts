import sharp from 'sharp';
import { applyHomography, homographyFromPoints, rectangleCorners } from '../../packages/sdk/src/engine/image/homography.ts';
import { cameraFramePng } from '../support/camera-frame.ts';
import { highlight } from '../support/highlight.ts';

/** One of sharp's resampling kernels. */
type Kernel = keyof typeof sharp.kernel;

/** An image as a phone or scanner might also deliver it: the same photo, transformed. */
export interface PhotoVariant {
  name: string;
  make: (bytes: Buffer) => Promise<Buffer>;
  /**
   * Where the transform destroys pixels outright (glare saturating them), the same transform with
   * everything that can be undone undone exactly, by an oracle that knows what was done. What this
   * engine misses both there and through the transform is beyond its reach: the family's score has
   * that ceiling for it.
   */
  ceiling?: Omit<PhotoVariant, 'ceiling'>;
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

/** A group of transforms of one kind, reported together ("blur", "glare"…). */
export interface PhotoTransformFamily {
  family: string;
  variants: PhotoVariant[];
}

/**
 * One moderate setting per family of what a phone photo suffers, to judge a reader on images it was
 * not tuned on. Strengths follow the image size where the effect does (blur), so a small crop and a
 * 12-megapixel photo are hurt alike. Deterministic: the same bytes give the same variant.
 */
export const photoTransformFamilies: PhotoTransformFamily[] = [
  { family: 'blur', variants: [{ name: 'Gaussian blur σ = long side / 1000 (≥ 1)', make: blurred }] },
  { family: 'noise', variants: [{ name: 'sensor noise σ = 12', make: (b) => withPixels(b, (rgb) => addNoise(rgb, 12)) }] },
  { family: 'low light', variants: [{ name: '30 % exposure + noise σ = 4', make: (b) => withPixels(b, (rgb) => addNoise(scaleLevels(rgb, 0.3), 4)) }] },
  {
    family: 'glare',
    variants: [
      {
        name: 'specular highlight over the upper left',
        make: (b) => withPixels(b, addGlare),
        ceiling: { name: 'only what the highlight saturates lost (left white)', make: (b) => withPixels(b, glareLoss) },
      },
    ],
  },
  { family: 'perspective', variants: [{ name: 'keystone: top edge 20 % narrower', make: (b) => withPixels(b, keystone) }] },
  { family: 'scale', variants: [{ name: 'scaled to 60 %', make: (b) => scaledTo(b, 0.6) }] },
  { family: 'JPEG', variants: [{ name: 'JPEG quality 30', make: (b) => sharp(b).jpeg({ quality: 30 }).toBuffer() }] },
  { family: 'rotation', variants: [{ name: 'turned 15° (on a dark table)', make: (b) => sharp(b).rotate(15, { background: '#3c342c' }).png().toBuffer() }] },
];

/**
 * The barcode evaluation's families: the photo transforms, and what the browser tests' fake camera
 * shows (issue #60: a licence read right as an upload came back garbled there).
 */
export const barcodeTransformFamilies: PhotoTransformFamily[] = [
  ...photoTransformFamilies,
  { family: 'camera', variants: [{ name: 'fitted into 1280×720 on a grey desk', make: cameraFramePng }] },
];

interface Rgb {
  width: number;
  height: number;
  data: Buffer;
}

async function withPixels(bytes: Buffer, transform: (rgb: Rgb) => Rgb): Promise<Buffer> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = transform({ width: info.width, height: info.height, data });
  return sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .png()
    .toBuffer();
}

async function blurred(bytes: Buffer): Promise<Buffer> {
  const { width = 1000, height = 1000 } = await sharp(bytes).metadata();
  return sharp(bytes)
    .blur(Math.max(1, Math.max(width, height) / 1000))
    .png()
    .toBuffer();
}

async function scaledTo(bytes: Buffer, factor: number, kernel: Kernel = 'lanczos3'): Promise<Buffer> {
  const { width = 1000 } = await sharp(bytes).metadata();
  return sharp(bytes)
    .resize(Math.max(1, Math.round(width * factor)), null, { kernel })
    .png()
    .toBuffer();
}

/** Per-channel Gaussian noise from a generator seeded by the image size (reproducible). */
function addNoise(rgb: Rgb, sigma: number): Rgb {
  let seed = (rgb.width * 7919 + rgb.height) >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  const data = Buffer.alloc(rgb.data.length);
  for (let i = 0; i < data.length; i++) {
    const n = Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
    data[i] = Math.max(0, Math.min(255, Math.round(rgb.data[i]! + sigma * n)));
  }
  return { ...rgb, data };
}

/**
 * A transform next to one of the families' (`scale@0.7`, `scale@0.6:cubic`, `glare@0.5,0.5`,
 * `glare@0.35,0.35,120`: factor and sharp's kernel; the highlight's centre in fractions of the size,
 * and its levels): what a family's figure is worth on photos it was not measured on. Null for a
 * spec it does not know.
 */
export function neighbourVariant(spec: string): PhotoVariant | null {
  const scale = /^scale@([\d.]+)(?::(\w+))?$/.exec(spec);
  if (scale) {
    const factor = Number(scale[1]);
    const kernel = (scale[2] ?? 'lanczos3') as Kernel;
    if (!(factor > 0 && factor <= 1) || !Object.keys(sharp.kernel).includes(kernel)) return null;
    return { name: `scaled to ${Math.round(factor * 1000) / 10} % (${kernel})`, make: (b) => scaledTo(b, factor, kernel) };
  }
  const glare = /^glare@([\d.]+),([\d.]+)(?:,(\d+))?$/.exec(spec);
  if (glare) {
    const centre = { x: Number(glare[1]), y: Number(glare[2]) };
    const levels = Number(glare[3] ?? glareLevels);
    const fraction = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
    // A centre that is no point of the image, or no light at all, would measure no glare under a glare's name.
    if (!fraction(centre.x) || !fraction(centre.y) || !(levels >= 1 && levels <= 255)) return null;
    return { name: `highlight of ${levels} levels at (${centre.x}, ${centre.y})`, make: (b) => withPixels(b, (rgb) => addGlare(rgb, levels, centre)) };
  }
  return null;
}

function scaleLevels(rgb: Rgb, factor: number): Rgb {
  const data = Buffer.alloc(rgb.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(rgb.data[i]! * factor);
  return { ...rgb, data };
}

/** The glare family's highlight: up to this many levels added. */
const glareLevels = 170;

/** A bright, soft-edged highlight (adds up to `levels`, saturating) centred at a third of the image unless said. */
function addGlare(rgb: Rgb, levels?: number, centre?: { x: number; y: number }): Rgb {
  return underHighlight(rgb, (value, add) => Math.min(255, Math.round(value + add)), levels, centre);
}

/**
 * What `addGlare` destroys and nothing else: the image as it was, except that each channel the
 * highlight saturates is white (its level is lost: anything bright enough was clipped to 255). The
 * added light itself is smooth and known, so undoing it is in principle possible; this is the image
 * an exact undoing would give.
 */
function glareLoss(rgb: Rgb): Rgb {
  return underHighlight(rgb, (value, add) => (Math.round(value + add) >= 255 ? 255 : value));
}

/** Each channel of each pixel through `level(value, added light)`, with the highlight's light at that pixel. */
function underHighlight(rgb: Rgb, level: (value: number, add: number) => number, levels = glareLevels, centre?: { x: number; y: number }): Rgb {
  const { width, height } = rgb;
  const light = highlight(width, height, levels, centre);
  const data = Buffer.alloc(rgb.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const add = light(x, y);
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        data[i] = level(rgb.data[i]!, add);
      }
    }
  }
  return { ...rgb, data };
}

/**
 * Seen from below: the top edge 20 % narrower than the bottom (a camera tilted by roughly 25°), a
 * true perspective (homography), same frame size, outside filled dark grey. Inverse mapping with
 * bilinear sampling.
 */
function keystone(rgb: Rgb): Rgb {
  const { width, height } = rgb;
  const inset = 0.1 * width;
  const toSource = homographyFromPoints(
    [
      { x: inset, y: 0 },
      { x: width - inset, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    rectangleCorners(width, height),
  );
  const data = Buffer.alloc(rgb.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const { x: u, y: v } = applyHomography(toSource, { x: x + 0.5, y: y + 0.5 });
      if (u < 0.5 || u > width - 0.5 || v < 0.5 || v > height - 0.5) {
        data.fill(60, o, o + 3);
        continue;
      }
      const x0 = Math.floor(u - 0.5);
      const y0 = Math.floor(v - 0.5);
      const fx = u - 0.5 - x0;
      const fy = v - 0.5 - y0;
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      for (let c = 0; c < 3; c++) {
        const p = (xx: number, yy: number) => rgb.data[(yy * width + xx) * 3 + c]!;
        const top = p(x0, y0) + (p(x1, y0) - p(x0, y0)) * fx;
        const bottom = p(x0, y1) + (p(x1, y1) - p(x0, y1)) * fx;
        data[o + c] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { ...rgb, data };
}

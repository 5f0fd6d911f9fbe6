/**
 * Test fixture (not part of the engine): synthetic barcodes written by zxing-wasm's writer and
 * placed into larger photo-like scenes with sharp, with the symbol's true corners tracked so that
 * tests can check where a read was reported. Only tests and benches import this file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode, type WriteInputBarcodeFormat } from 'zxing-wasm/writer';
import type { Frame } from '../../../packages/sdk/src/core/frame.ts';
import { applyHomography, homographyFromPoints, rectangleCorners } from '../../../packages/sdk/src/engine/image/homography.ts';
import { sampleBilinear } from '../../../packages/sdk/src/engine/image/sample-bilinear.ts';
import { seededRandom } from '../seeded-random.ts';

export interface Point {
  x: number;
  y: number;
}

/** A rendered symbol: one grey byte per pixel, plus where the symbol proper (without quiet zone) is. */
export interface RenderedBarcode {
  width: number;
  height: number;
  /** 1 byte per pixel, 0 = black, 255 = white. */
  data: Uint8Array;
  /** Corners of the symbol proper (top-left, top-right, bottom-right, bottom-left). */
  corners: Point[];
}

export interface RenderOptions {
  /** Pixels per module. */
  moduleSize?: number;
  /** Quiet zone on every side, in modules (0 = none). */
  quietZone?: number;
  /** Bar height of linear symbols, in modules. */
  barHeight?: number;
}

export interface SceneOptions {
  width?: number;
  height?: number;
  /** Where the centre of the symbol goes, as a fraction of the scene size. */
  centre?: Point;
  /** Counter-clockwise rotation of the symbol in degrees. */
  angle?: number;
  /** Resamples the rendered label by this factor first (fractional module sizes). */
  labelScale?: number;
  /** Gaussian blur sigma applied to the whole scene (0 = none). */
  blur?: number;
  /** Standard deviation of additive per-pixel noise (0 = none). */
  noise?: number;
  /** Re-encode as JPEG of this quality (undefined = lossless). */
  jpegQuality?: number;
  /** Light symbol on a dark label. */
  invert?: boolean;
  /** Seed of the background texture and noise, for reproducible scenes. */
  seed?: number;
}

/** A scene with the symbol's true corners in scene coordinates. */
export interface Scene {
  frame: Frame;
  corners: Point[];
}

/** zxing-wasm's writer binary, read once from the package (never its CDN default). */
const writerWasm: ArrayBuffer = (() => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
  return wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
})();

/**
 * Prepares zxing-wasm's writer. zxing-wasm keeps the instance while the overrides stay the same
 * object values, so repeated calls are cheap.
 */
export function prepareWriter(): Promise<unknown> {
  return prepareZXingModule({ overrides: { wasmBinary: writerWasm }, fireImmediately: true });
}

/** Writes `content` (text, or bytes for a binary payload) as `format` and renders its module matrix at `moduleSize` pixels per module. */
export async function renderBarcode(format: WriteInputBarcodeFormat, content: string | Uint8Array, options: RenderOptions = {}): Promise<RenderedBarcode> {
  const { moduleSize = 3, quietZone = 10, barHeight = 40 } = options;
  await prepareWriter();
  const written = await writeBarcode(content, { format, withQuietZones: false, withHRT: false, scale: 1 });
  if (written.error || !written.symbol) throw new Error(`writer: ${written.error}`);
  const symbol = written.symbol;
  // Linear symbols come as one (or a few identical) rows; stretch them to `barHeight` modules.
  const isLinear = symbol.height > 0 && isSingleRow(symbol);
  const rows = isLinear ? barHeight : symbol.height;
  const width = (symbol.width + 2 * quietZone) * moduleSize;
  const height = (rows + 2 * quietZone) * moduleSize;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < rows * moduleSize; y++) {
    const sy = isLinear ? 0 : Math.floor(y / moduleSize);
    for (let x = 0; x < symbol.width * moduleSize; x++) {
      const black = symbol.data[sy * symbol.width + Math.floor(x / moduleSize)]! < 128;
      if (black) data[(y + quietZone * moduleSize) * width + x + quietZone * moduleSize] = 0;
    }
  }
  const q = quietZone * moduleSize;
  const corners = [
    { x: q, y: q },
    { x: q + symbol.width * moduleSize, y: q },
    { x: q + symbol.width * moduleSize, y: q + rows * moduleSize },
    { x: q, y: q + rows * moduleSize },
  ];
  return { width, height, data, corners };
}

/**
 * The label wrapped round a cylinder (a bottle, a can) so that it, quiet zones and all, spans
 * ±`labelArcDegrees` of it, seen from the front: columns towards its sides narrow (and darken a
 * little, lit from the front). The corners follow the symbol.
 */
export function wrapRoundCylinder(label: RenderedBarcode, labelArcDegrees: number): RenderedBarcode {
  if (!(labelArcDegrees > 0 && labelArcDegrees < 90)) throw new RangeError(`label arc ${labelArcDegrees}° is not within (0°, 90°)`);
  const arc = (labelArcDegrees * Math.PI) / 180;
  const radius = label.width / 2 / arc;
  const width = Math.round(2 * radius * Math.sin(arc));
  const data = new Uint8Array(width * label.height);
  for (let u = 0; u < width; u++) {
    const angle = Math.asin(Math.max(-1, Math.min(1, (u + 0.5 - width / 2) / radius)));
    // The label's column shown here, interpolated between its two nearest.
    const x = radius * angle + label.width / 2 - 0.5;
    const x0 = Math.max(0, Math.min(label.width - 2, Math.floor(x)));
    const f = Math.min(1, Math.max(0, x - x0));
    const shade = 0.55 + 0.45 * Math.cos(angle);
    for (let y = 0; y < label.height; y++) {
      data[y * width + u] = Math.round(shade * ((1 - f) * label.data[y * label.width + x0]! + f * label.data[y * label.width + x0 + 1]!));
    }
  }
  const onCylinder = ({ x, y }: Point) => ({ x: radius * Math.sin((x - label.width / 2) / radius) + width / 2, y });
  return { width, height: label.height, data, corners: label.corners.map(onCylinder) };
}

/**
 * The label crumpled like paper or cloth: each pixel shows the label from a point displaced by a
 * smooth field — three plane waves of random direction and phase, each 0.7–1.3 × `wavelength` pixels
 * long, up to `amplitude` pixels in all — and is shaded by the slope of the folds (lit from one side). Corners
 * follow the field approximately (displaced by it where they are).
 */
export function crumple(
  label: RenderedBarcode,
  { amplitude, wavelength, seed = 1 }: { amplitude: number; wavelength: number; seed?: number },
): RenderedBarcode {
  const random = seededRandom(seed);
  const waves = Array.from({ length: 3 }, () => {
    const angle = random() * Math.PI * 2;
    const along = random() * Math.PI * 2;
    return {
      kx: Math.cos(angle),
      ky: Math.sin(angle),
      phase: random() * Math.PI * 2,
      dx: Math.cos(along),
      dy: Math.sin(along),
      length: wavelength * (0.7 + 0.6 * random()),
    };
  });
  const field = (x: number, y: number) => {
    let dx = 0;
    let dy = 0;
    let slope = 0;
    for (const w of waves) {
      const t = (2 * Math.PI * (w.kx * x + w.ky * y)) / w.length + w.phase;
      dx += (amplitude / 3) * w.dx * Math.sin(t);
      dy += (amplitude / 3) * w.dy * Math.sin(t);
      slope += Math.cos(t) / 3;
    }
    return { dx, dy, slope };
  };
  const { width, height } = label;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { dx, dy, slope } = field(x, y);
      const v = sampleBilinear(label, x + dx + 0.5, y + dy + 0.5, 255);
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(v * (0.85 + 0.15 * slope))));
    }
  }
  const corners = label.corners.map(({ x, y }) => {
    const { dx, dy } = field(x, y);
    return { x: x - dx, y: y - dy };
  });
  return { width, height, data, corners };
}

/** The crumpled QR code the engine tests read: version 3 (29 modules), 5 px modules, a 4-module quiet zone. */
export const crumpledQrLabel = { text: 'https://idlens.example/crumpled?id=0042', moduleSize: 5, quietZone: 4 } as const;

/**
 * That QR code crumpled by up to `amplitude` px (folds about 70 px apart; flat for 0) in a 400×300
 * scene turned 20°, blurred (σ 0.8) and noisy, all seeded by `seed`; with the label as written.
 */
export async function crumpledQrScene(amplitude: number, seed: number): Promise<{ text: string; label: RenderedBarcode; scene: Scene }> {
  const { text, moduleSize, quietZone } = crumpledQrLabel;
  const label = await renderBarcode('QRCode', text, { moduleSize, quietZone });
  const shaped = amplitude > 0 ? crumple(label, { amplitude, wavelength: 70, seed }) : label;
  return { text, label, scene: await composeScene(shaped, { width: 400, height: 300, angle: 20, blur: 0.8, noise: 4, seed }) };
}

/**
 * The label seen at a slant: its top edge `topInset` of its width narrower on each side (a
 * projective map, sampled bilinearly; white outside). The corners follow the symbol.
 */
export function keystone(label: RenderedBarcode, topInset: number): RenderedBarcode {
  const { width, height } = label;
  const inset = topInset * width;
  const seen = [
    { x: inset, y: 0 },
    { x: width - inset, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const toLabel = homographyFromPoints(seen, rectangleCorners(width, height));
  const toSeen = homographyFromPoints(rectangleCorners(width, height), seen);
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = applyHomography(toLabel, { x: x + 0.5, y: y + 0.5 });
      data[y * width + x] = Math.round(sampleBilinear(label, p.x, p.y, 255));
    }
  }
  return { width, height, data, corners: label.corners.map((c) => applyHomography(toSeen, c)) };
}

function isSingleRow(symbol: { data: Uint8ClampedArray; width: number; height: number }): boolean {
  for (let y = 1; y < symbol.height; y++) {
    for (let x = 0; x < symbol.width; x++) {
      if (symbol.data[y * symbol.width + x] !== symbol.data[x]) return false;
    }
  }
  return true;
}

/**
 * Places a rendered symbol on a textured background, rotated, then blurs, adds noise and
 * JPEG-compresses the whole scene, all with sharp (independent of the engine's own image code).
 */
export async function composeScene(barcode: RenderedBarcode, options: SceneOptions = {}): Promise<Scene> {
  const { width = 800, height = 600, centre = { x: 0.5, y: 0.5 }, angle = 0, labelScale = 1, invert = false, seed = 1 } = options;
  const random = seededRandom(seed);

  // Grey → RGBA with an opaque alpha, so that sharp's rotation pads with transparency and only the
  // label itself covers the background.
  const labelRgba = Buffer.alloc(barcode.width * barcode.height * 4);
  barcode.data.forEach((value, i) => {
    const v = invert ? 255 - value : value;
    labelRgba.fill(v, i * 4, i * 4 + 3);
    labelRgba[i * 4 + 3] = 255;
  });
  const labelWidth = Math.round(barcode.width * labelScale);
  const labelHeight = Math.round(barcode.height * labelScale);
  const scaled =
    labelScale === 1
      ? labelRgba
      : await sharp(labelRgba, { raw: { width: barcode.width, height: barcode.height, channels: 4 } })
          .resize(labelWidth, labelHeight, { kernel: 'linear', fit: 'fill' })
          .raw()
          .toBuffer();
  // sharp rotates clockwise for positive angles; the scene API is counter-clockwise.
  const rotated = await sharp(scaled, { raw: { width: labelWidth, height: labelHeight, channels: 4 } })
    .rotate(-angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round(centre.x * width - rotated.info.width / 2);
  const top = Math.round(centre.y * height - rotated.info.height / 2);

  const background = texturedBackground(width, height, random);
  const composed = await sharp(grayToRgba(background), { raw: { width, height, channels: 4 } })
    .composite([{ input: rotated.data, raw: { width: rotated.info.width, height: rotated.info.height, channels: 4 }, left, top }])
    .raw()
    .toBuffer({ resolveWithObject: true });

  const frame = await degrade(firstChannel(composed.data, composed.info.channels), width, height, options, random);

  // Map the symbol's corners: rotate about the label centre (counter-clockwise on screen), then
  // place the rotated canvas centre at the scene position.
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const sx = labelWidth / barcode.width;
  const sy = labelHeight / barcode.height;
  const cx = labelWidth / 2;
  const cy = labelHeight / 2;
  const corners = barcode.corners
    .map(({ x: ux, y: uy }) => ({ x: ux * sx, y: uy * sy }))
    .map(({ x, y }) => ({
      x: left + rotated.info.width / 2 + cos * (x - cx) + sin * (y - cy),
      y: top + rotated.info.height / 2 - sin * (x - cx) + cos * (y - cy),
    }));
  return { frame, corners };
}

/** The same photo-like background and degradations, without any symbol: for negative tests. */
export async function emptyScene(options: SceneOptions = {}): Promise<Frame> {
  const { width = 800, height = 600, seed = 1 } = options;
  const random = seededRandom(seed);
  return degrade(texturedBackground(width, height, random), width, height, options, random);
}

/** Blur, noise and JPEG round trip, in that order (as a camera would). */
async function degrade(gray: Uint8Array, width: number, height: number, options: SceneOptions, random: () => number): Promise<Frame> {
  const { blur = 0, noise = 0, jpegQuality } = options;
  let pixels = gray;
  if (blur > 0) {
    const blurred = await sharp(grayToRgba(pixels), { raw: { width, height, channels: 4 } })
      .blur(blur)
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = firstChannel(blurred.data, blurred.info.channels);
  }
  if (noise > 0) pixels = addNoise(pixels, noise, random);
  let rgba = grayToRgba(pixels);
  if (jpegQuality !== undefined) {
    const jpeg = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .jpeg({ quality: jpegQuality })
      .toBuffer();
    const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (decoded.info.channels !== 4) throw new Error(`expected RGBA, got ${decoded.info.channels} channels`);
    rgba = decoded.data;
  }
  return { width, height, data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length) };
}

function grayToRgba(gray: Uint8Array): Buffer {
  const rgba = Buffer.alloc(gray.length * 4);
  for (let i = 0; i < gray.length; i++) {
    rgba.fill(gray[i]!, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

function firstChannel(data: Buffer, channels: number): Uint8Array {
  const gray = new Uint8Array(data.length / channels);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * channels]!;
  return gray;
}

/** Soft gradient with blotches, so the background is not a flat field zxing could trivially skip. */
function texturedBackground(width: number, height: number, random: () => number): Uint8Array {
  const data = new Uint8Array(width * height);
  const blobs = Array.from({ length: 12 }, () => ({ x: random() * width, y: random() * height, r: 30 + random() * 150, v: random() * 120 - 60 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = 110 + (60 * x) / width + (30 * y) / height;
      for (const b of blobs) {
        const d2 = ((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r);
        if (d2 < 1) value += b.v * (1 - d2);
      }
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return data;
}

function addNoise(pixels: Uint8Array, sigma: number, random: () => number): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) {
    // Box–Muller.
    const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    out[i] = Math.max(0, Math.min(255, Math.round(pixels[i]! + sigma * n)));
  }
  return out;
}

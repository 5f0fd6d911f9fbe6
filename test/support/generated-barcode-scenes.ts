/**
 * Test fixture: barcodes of the nine symbologies written by zxing-wasm's writer and photographed
 * into scenes (turned, scaled to fractional module sizes, blurred, noisy, JPEG) with random but
 * seeded conditions — a set nobody tuned the reader on.
 */
import type { WriteInputBarcodeFormat } from 'zxing-wasm/writer';
import type { Frame } from '../../packages/sdk/src/core/frame.ts';
import { composeScene, crumple, type RenderedBarcode, renderBarcode } from './engine/barcode-scenes.ts';
import { printedUnderHighlight } from './highlight.ts';
import { seededRandom } from './seeded-random.ts';

export interface GeneratedBarcodeScene {
  name: string;
  frame: Frame;
  /** The spec's BarcodeType and the text a reader must report. */
  expected: { type: string; text: string };
}

type Random = () => number;

const digits = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** GS1 check digit (EAN-8, EAN-13, UPC-A): weights 3,1,3… from the right. */
export function gs1CheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E (number system 0, six digits) expanded to the 11 digits of its UPC-A, for the check digit. */
function upceToUpca(six: string): string {
  const [a, b, c, d, e, f] = six;
  if (f === '0' || f === '1' || f === '2') return `0${a}${b}${f}0000${c}${d}${e}`;
  if (f === '3') return `0${a}${b}${c}00000${d}${e}`;
  if (f === '4') return `0${a}${b}${c}${d}00000${e}`;
  return `0${a}${b}${c}${d}${e}0000${f}`;
}

/**
 * Six UPC-E digits that zero suppression allows. A number whose last digit is 3 with a third digit
 * of 0–2, 4 with a fourth of 0, or 5–9 with a fifth of 0 has another UPC-E form, and writers refuse it
 * (zxing-wasm's: error 271–273); such a draw has that digit moved up (3 → +3, 0 → 5), so every
 * allowed draw, and the scenes of the seeds that drew only such numbers, stay as they were.
 */
export function upceDigits(random: Random): string {
  const d = [...digits(random, 6)];
  const last = Number(d[5]);
  if (last === 3 && Number(d[2]) < 3) d[2] = String(Number(d[2]) + 3);
  if (last === 4 && d[3] === '0') d[3] = '5';
  if (last >= 5 && d[4] === '0') d[4] = '5';
  return d.join('');
}

interface FormatSpec {
  format: WriteInputBarcodeFormat;
  type: string;
  /** Content to write and the text expected back. */
  content: (random: Random) => string;
  linear: boolean;
}

const formats: FormatSpec[] = [
  { format: 'QRCode', type: 'QR_CODE', linear: false, content: (r) => `https://example.org/p/${digits(r, 6)}?ref=${digits(r, 4)}` },
  { format: 'PDF417', type: 'PDF417_BARCODE', linear: false, content: (r) => `ANSI 6360${digits(r, 6)}DL DAQ${digits(r, 9)} DCSSAMPLE` },
  { format: 'EAN13', type: 'EAN_13', linear: true, content: (r) => withCheck(`${1 + Math.floor(r() * 9)}${digits(r, 11)}`) },
  { format: 'EAN8', type: 'EAN_8', linear: true, content: (r) => withCheck(digits(r, 7)) },
  { format: 'UPCA', type: 'UPC_A', linear: true, content: (r) => withCheck(digits(r, 11)) },
  {
    format: 'UPCE',
    type: 'UPC_E',
    linear: true,
    content: (r) => {
      const six = upceDigits(r);
      return `0${six}${gs1CheckDigit(upceToUpca(six))}`;
    },
  },
  { format: 'Code128', type: 'CODE_128', linear: true, content: (r) => `LOT-${digits(r, 6)}/${digits(r, 3)}` },
  { format: 'Code39', type: 'CODE_39', linear: true, content: (r) => `PN ${digits(r, 5)}-X` },
  { format: 'ITF', type: 'ITF', linear: true, content: (r) => digits(r, 14) },
];

function withCheck(body: string): string {
  return body + gs1CheckDigit(body);
}

/** `perFormat` scenes of each of the nine symbologies, 1280×960, conditions drawn from `seed`. */
export function generatedBarcodeScenes(perFormat = 6, seed = 7): Promise<GeneratedBarcodeScene[]> {
  return nineFormatScenes(perFormat, seed, async (rendered, random, i) => {
    const labelScale = 0.8 + random() * 1.2;
    const angle = Math.round((random() - 0.5) * 50);
    const blur = 0.4 + random() * 0.9;
    const noise = 2 + random() * 6;
    const jpegQuality = 55 + Math.floor(random() * 35);
    const centre = { x: 0.3 + random() * 0.4, y: 0.3 + random() * 0.4 };
    const scene = await composeScene(rendered, { width: 1280, height: 960, labelScale, angle, blur, noise, jpegQuality, centre, seed: seed * 100 + i });
    return { frame: scene.frame, labelScale, conditions: `${angle}°, blur ${blur.toFixed(1)}, JPEG ${jpegQuality}` };
  });
}

/**
 * `perFormat` scenes of each of the nine symbologies (in `formats`' order, each symbol's content
 * drawn from `seed` before `photograph` draws the conditions it is photographed in), named by
 * symbology, module size and those conditions.
 */
async function nineFormatScenes(
  perFormat: number,
  seed: number,
  photograph: (rendered: RenderedBarcode, random: Random, index: number) => Promise<{ frame: Frame; labelScale: number; conditions: string }>,
): Promise<GeneratedBarcodeScene[]> {
  const random = seededRandom(seed);
  const scenes: GeneratedBarcodeScene[] = [];
  for (const spec of formats) {
    for (let i = 0; i < perFormat; i++) {
      const text = spec.content(random);
      const moduleSize = spec.linear ? 2 : 3;
      const rendered = await renderBarcode(spec.format, text, { moduleSize, quietZone: spec.linear ? 10 : 4, barHeight: 50 });
      const { frame, labelScale, conditions } = await photograph(rendered, random, i);
      scenes.push({
        name: `${spec.format} #${i + 1}: module ${(moduleSize * labelScale).toFixed(1)} px, ${conditions}`,
        frame,
        expected: { type: spec.type, text },
      });
    }
  }
  return scenes;
}

/**
 * `count` QR codes of versions 1 to 9 printed on crumpled paper or cloth (`crumple`: folds 10–25
 * modules apart, up to 0.3–0.9 of a module out of place), photographed into 800×600 scenes turned up
 * to ±30°, blurred, noisy and JPEG-compressed, with conditions drawn from `seed`.
 */
export async function generatedCrumpledQrScenes(count = 48, seed = 11): Promise<GeneratedBarcodeScene[]> {
  const random = seededRandom(seed);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -./:';
  // Texts of 6 to 225 characters: versions 1 to 9 at the writer's default error correction.
  const lengths = [10, 20, 40, 90, 150, 250];
  const scenes: GeneratedBarcodeScene[] = [];
  for (let i = 0; i < count; i++) {
    const length = Math.round(lengths[i % lengths.length]! * (0.6 + 0.3 * random()));
    const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const module = 3 + Math.floor(random() * (length > 100 ? 2 : 4));
    const amplitude = 0.3 + 0.6 * random();
    const wavelength = 10 + 15 * random();
    const label = crumple(await renderBarcode('QRCode', text, { moduleSize: module, quietZone: 4 }), {
      amplitude: amplitude * module,
      wavelength: wavelength * module,
      seed: seed * 1000 + i,
    });
    const angle = Math.round((random() - 0.5) * 60);
    const blur = 0.4 + random() * 0.8;
    const noise = 3 + random() * 3;
    const jpegQuality = 55 + Math.floor(random() * 35);
    const scene = await composeScene(label, { width: 800, height: 600, angle, blur, noise, jpegQuality, seed: seed * 100 + i });
    scenes.push({
      name: `QR ${length} chars #${i + 1}: module ${module} px, crumpled ${amplitude.toFixed(2)} module / ${wavelength.toFixed(0)}, ${angle}°, blur ${blur.toFixed(1)}, JPEG ${jpegQuality}`,
      frame: scene.frame,
      expected: { type: 'QR_CODE', text },
    });
  }
  return scenes;
}

/**
 * `perFormat` scenes of each of the nine symbologies printed grey under a highlight
 * (`printedUnderHighlight`: 120–220 levels more at its centre, saturating at white) that falls on or
 * next to the symbol, 1000×700, turned up to ±10°, blurred and noisy, with conditions drawn from
 * `seed`: glare away from the eval's one transform of the corpus.
 */
export function generatedGlareScenes(perFormat = 6, seed = 13): Promise<GeneratedBarcodeScene[]> {
  return nineFormatScenes(perFormat, seed, async (rendered, random, i) => {
    const labelScale = 0.9 + random() * 0.5;
    const angle = Math.round((random() - 0.5) * 20);
    const blur = 0.4 + random() * 0.8;
    const noise = 2 + random() * 3;
    const levels = Math.round(120 + random() * 100);
    const light = { x: 0.3 + random() * 0.4, y: 0.3 + random() * 0.4 };
    const scene = await composeScene(rendered, { width: 1000, height: 700, labelScale, angle, blur, noise, seed: seed * 100 + i });
    return {
      frame: printedUnderHighlight(scene.frame, levels, light),
      labelScale,
      conditions: `${angle}°, blur ${blur.toFixed(1)}, highlight ${levels} at (${light.x.toFixed(2)}, ${light.y.toFixed(2)})`,
    };
  });
}

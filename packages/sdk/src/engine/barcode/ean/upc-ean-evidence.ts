import type { Point } from '../../image/affine.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { bilinearAtPixel } from '../../image/sample-bilinear.ts';
import { eanUpcModules } from './ean-codes.ts';
import type { BarcodeRead } from '../normalize-read.ts';

/** How the margins beside an EAN/UPC read are judged; see `hasConvincingQuietZones`. */
export const quietZoneRules = {
  /**
   * Margin checked on each side, in modules, starting `skipModules` out from the guard: less than
   * the standard's 7–11, as labels are often printed tighter.
   */
  checkModules: 3,
  /** Left out next to the guard: blur spreads the guard bar's darkness about a module outwards. */
  skipModules: 1.5,
  /** Bar and space levels are taken from this many modules of the symbol next to the margin … */
  levelModules: 12,
  /** … and no sample of the margin may be darker than this fraction of the way from the space to the bar level. */
  maxDarkness: 0.5,
  /** Lines checked, as fractions of the way from the first to the last decoded scan line. */
  lineFractions: [0.25, 0.5, 0.75],
} as const;

/**
 * Whether an EAN/UPC read is backed by the symbol's own margins in the original frame: on both
 * sides of the guards the standard asks for a light quiet zone (7–11 modules); here a few modules
 * of it, along three of the lines zxing decoded, must be as light as the spaces between
 * its bars. The check digit alone is one digit of evidence — a 1-in-10 chance for any bar-like texture
 * that zxing parses — and the printed text, ruled tables and stripes where such reads come from
 * have dark marks right where a quiet zone would be. Other types pass unchecked.
 */
export function hasConvincingQuietZones(gray: GrayImage, read: BarcodeRead): boolean {
  const modules = eanUpcModules[read.type];
  if (modules === undefined) return true;
  const [topLeft, topRight, bottomRight, bottomLeft] = read.points as [Point, Point, Point, Point];
  // Lines between the first and last scan line zxing decoded (each crossed the whole symbol), kept
  // away from the ends of the bars, where a scan line extended past the guard can leave the symbol.
  for (const f of quietZoneRules.lineFractions) {
    const start = lerp(topLeft, bottomLeft, f);
    const end = lerp(topRight, bottomRight, f);
    const length = Math.hypot(end.x - start.x, end.y - start.y);
    // About a pixel per module or less: too coarse to judge beyond zxing's own check of the margins.
    if (length < 1.2 * modules) return true;
    const module = length / modules;
    const along = { x: (end.x - start.x) / length, y: (end.y - start.y) / length };
    const back = { x: -along.x, y: -along.y };
    if (!marginIsLight(gray, start, back, module) || !marginIsLight(gray, end, along, module)) return false;
  }
  return true;
}

function lerp(a: Point, b: Point, f: number): Point {
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
}

/**
 * Whether the margin beyond `edge` (a guard's outer end) in `direction` is light wherever it lies
 * inside the image. Light is judged against the symbol's own bars and spaces next to that guard, so
 * a shadow or a gradient across the label does not count against it.
 */
function marginIsLight(gray: GrayImage, edge: Point, direction: Point, module: number): boolean {
  const { skipModules, checkModules, levelModules, maxDarkness } = quietZoneRules;
  const at = (t: number) => sample(gray, edge.x + direction.x * t, edge.y + direction.y * t);
  const inside: number[] = [];
  for (let t = 0; t <= levelModules * module; t += 0.5) {
    const v = at(-t);
    if (v !== undefined) inside.push(v);
  }
  if (inside.length < 4) return false;
  inside.sort((a, b) => a - b);
  const bar = inside[Math.floor(0.1 * inside.length)]!;
  const space = inside[Math.floor(0.9 * inside.length)]!;
  if (space - bar < 12) return false;
  const dark = space - maxDarkness * (space - bar);
  const step = Math.max(0.5, module / 4);
  for (let t = skipModules * module; t <= (skipModules + checkModules) * module; t += step) {
    const v = at(t);
    if (v === undefined) return true; // the frame ends: zxing, too, takes the frame's edge as margin
    if (v < dark) return false;
  }
  return true;
}
/** Bilinear sample at pixel indices, `undefined` outside the image. */
function sample(gray: GrayImage, x: number, y: number): number | undefined {
  if (x < 0 || y < 0 || x > gray.width - 1 || y > gray.height - 1) return undefined;
  return bilinearAtPixel(gray, x, y);
}

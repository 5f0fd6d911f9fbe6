import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame } from '@idlens/sdk/engine';
import { decodeFrame } from './document-scene.ts';

/** A box on a template side, in the pixels of its PNG. */
export interface SlotBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One side of a template of ../shared/corpus/doc-templates, as an image of the document alone. */
export interface TemplateSide {
  name: string;
  frame: Frame;
  /** The holder's photo (`photo_image`) and the small second portrait (`ghost_image`), where the SVG places them. */
  slots: { photo: SlotBox | null; ghost: SlotBox | null };
}

/**
 * Every side (front.png, back.png) of the corpus's document templates, cut to the document: some
 * PNGs carry a faint translucent margin (alpha ≈ 10 %) around the card, which is not the document.
 */
export async function loadTemplateSides(corpusDir: string): Promise<TemplateSide[]> {
  const root = path.join(corpusDir, 'doc-templates');
  const out: TemplateSide[] = [];
  for (const template of (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    for (const side of ['front', 'back']) {
      const bytes = await readFile(path.join(root, template, `${side}.png`)).catch(() => null);
      if (!bytes) continue;
      const frame = opaqueCrop(await decodeFrame(bytes));
      const svg = await readFile(path.join(root, template, `${side}.svg`), 'utf8').catch(() => null);
      const slot = (id: string) => (svg ? slotBox(svg, id, frame.width) : null);
      out.push({ name: `${template}/${side}`, frame, slots: { photo: slot('photo_image'), ghost: slot('ghost_image') } });
    }
  }
  return out;
}

/** The frame cut to the bounding box of its pixels with alpha ≥ 50 %. */
function opaqueCrop(frame: Frame): Frame {
  const { width, height, data } = frame;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0 || (x0 === 0 && y0 === 0 && x1 === width - 1 && y1 === height - 1)) return frame;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) out.set(data.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4), y * w * 4);
  return { width: w, height: h, data: out };
}

/**
 * Where the SVG draws `<image id="…">`: its width and height through its own `transform`, or the
 * enclosing group's when it has none (translate + scale or a scale-only matrix, the forms the
 * templates use), from viewBox units to the PNG's pixels (`pngWidth` px across the viewBox).
 */
export function slotBox(svg: string, id: string, pngWidth: number): SlotBox | null {
  const at = svg.indexOf(`id="${id}"`);
  const viewBox = /viewBox="([\d.\s-]+)"/.exec(svg)?.[1]?.trim().split(/\s+/).map(Number);
  if (at < 0 || !viewBox) return null;
  const tag = svg.slice(svg.lastIndexOf('<', at), svg.indexOf('>', at));
  const size = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const own = /transform="([^"]*)"/.exec(tag)?.[1];
  const group = [...svg.slice(0, at).matchAll(/<g\b[^>]*transform="([^"]*)"[^>]*>/g)].at(-1);
  const transform = parseTransform(own ?? group?.[1] ?? '');
  if (!transform || !size('width') || !size('height')) return null;
  const k = pngWidth / viewBox[2]!;
  return {
    x: transform.tx * k,
    y: transform.ty * k,
    width: size('width') * transform.scale * k,
    height: size('height') * transform.scale * k,
  };
}

function parseTransform(text: string): { tx: number; ty: number; scale: number } | null {
  const numbers = (s: string | undefined) =>
    (s ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  const matrix = numbers(/matrix\(([^)]*)\)/.exec(text)?.[1]);
  if (matrix.length === 6) return { scale: matrix[0]!, tx: matrix[4]!, ty: matrix[5]! };
  const [tx = 0, ty = 0] = numbers(/translate\(([^)]*)\)/.exec(text)?.[1]);
  const [scale = 1] = numbers(/scale\(([^)]*)\)/.exec(text)?.[1]);
  return text ? { tx, ty, scale } : null;
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame } from '@idlens/sdk/engine';
import { decodeFrame } from './document-scene.ts';

/** One side of a template of ../shared/corpus/doc-templates, as an image of the document alone. */
export interface TemplateSide {
  name: string;
  frame: Frame;
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
      if (bytes) out.push({ name: `${template}/${side}`, frame: opaqueCrop(await decodeFrame(bytes)) });
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

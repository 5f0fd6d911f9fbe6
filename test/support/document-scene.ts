import './fonts.ts';
import sharp, { type Sharp } from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import type { Point } from '../../packages/sdk/src/engine/image/affine.ts';
import { applyHomography, homographyFromPoints, rectangleCorners } from '../../packages/sdk/src/engine/image/homography.ts';
import { escapeXml } from './escape-xml.ts';
import { seededRandom } from './seeded-random.ts';

export type Quad = [Point, Point, Point, Point];

/** How a generated photo transforms the document (eval strata). */
export const transformFamilies = ['upright', 'rotation', 'perspective', 'scale', 'occlusion', 'clutter'] as const;
export type TransformFamily = (typeof transformFamilies)[number];

export interface SceneOptions {
  family: TransformFamily;
  seed: number;
  /** Photo size (default 1440×1080). */
  width?: number;
  height?: number;
  /** A skin-coloured hand over one edge (the `occlusion` family always has one). */
  hand?: boolean;
  /** Gaussian blur σ of the whole photo (focus), px. */
  blur?: number;
  /** A bright elliptical glare spot on the document, share of its width (0 = none). */
  glare?: number;
  /** Exposure multiplier (1 = as is; 0.2 = a dark room). */
  exposure?: number;
  /** What the document lies on, `width`×`height` (default: a generated table top for the family). */
  background?: Frame;
}

export interface DocumentScene {
  frame: Frame;
  /** The document's corners in the photo: the image's tl, tr, br, bl. */
  corners: Quad;
}

/**
 * Where a point of the document image (`doc` px) lies on the scene's photo: interpolated between the
 * document's corners there (exact for the affine families, within a few pixels in perspective).
 */
export function pointOnScene(scene: DocumentScene, doc: { width: number; height: number }, p: Point): Point {
  const [tl, tr, br, bl] = scene.corners;
  const u = p.x / doc.width;
  const v = p.y / doc.height;
  const top = { x: tl.x + u * (tr.x - tl.x), y: tl.y + u * (tr.y - tl.y) };
  const bottom = { x: bl.x + u * (br.x - bl.x), y: bl.y + u * (br.y - bl.y) };
  return { x: top.x + v * (bottom.x - top.x), y: top.y + v * (bottom.y - top.y) };
}

/**
 * A phone-like photo of a document image (RGBA, e.g. a template side or a generated card) laid on a
 * generated background — table colour, wood-like stripes, papers, pens, print — with the transform of
 * its family: turned, in perspective, small or large, partly covered by a hand, among clutter. The
 * document's corners are known exactly (they are where its image corners were mapped to).
 */
export async function documentScene(doc: Frame, options: SceneOptions): Promise<DocumentScene> {
  const width = options.width ?? 1440;
  const height = options.height ?? 1080;
  const random = seededRandom(options.seed);
  const corners = placeCorners(doc, options.family, width, height, random);
  const background = options.background ?? (await backgroundFor(options.family, width, height, random));
  if (background.width !== width || background.height !== height) throw new Error(`the background is not ${width}×${height}`);
  const frame = composite(background, doc, corners);
  let image = frameImage(frame);
  const overlays: string[] = [];
  if (options.hand || options.family === 'occlusion') overlays.push(handSvg(corners, random));
  if (options.glare) overlays.push(glareSvg(corners, options.glare, random));
  if (overlays.length) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${overlays.join('')}</svg>`;
    image = sharp(
      await image
        .composite([{ input: Buffer.from(svg) }])
        .png()
        .toBuffer(),
    );
  }
  if (options.exposure !== undefined && options.exposure !== 1) image = sharp(await image.linear(options.exposure, 0).png().toBuffer());
  // A camera's softness, then JPEG as a phone would send it.
  const sigma = options.blur ?? 0.6 + random() * 0.4;
  const jpeg = await image
    .blur(sigma)
    .jpeg({ quality: 80 + Math.floor(random() * 12) })
    .toBuffer();
  return { frame: await decodeFrame(jpeg), corners };
}

export async function decodeFrame(bytes: Buffer): Promise<Frame> {
  return frameFrom(sharp(bytes));
}

/** The pixels of a sharp image as an RGBA frame. */
export async function frameFrom(image: Sharp): Promise<Frame> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

/** A frame as a sharp image, to resize, compose or encode. */
export function frameImage(frame: Frame): Sharp {
  return sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 4 },
  });
}

/** Where the document's corners land: centre, size, turn and perspective per family. */
function placeCorners(doc: Frame, family: TransformFamily, width: number, height: number, random: () => number): Quad {
  const short = Math.min(width, height);
  const span = (a: number, b: number) => a + (b - a) * random();
  let size = span(0.5, 0.7) * short * 1.3; // document width, px
  let turn = span(-6, 6);
  let tilt = 0.03;
  if (family === 'rotation') turn = span(0, 360);
  if (family === 'perspective') tilt = span(0.08, 0.16);
  if (family === 'scale') size = (random() < 0.5 ? span(0.25, 0.35) : span(0.82, 0.92)) * width;
  if (family === 'clutter' || family === 'occlusion') turn = span(-25, 25);
  const aspect = doc.width / doc.height;
  // A turned document must still fit: shrink until its bounding box does.
  const a = (turn * Math.PI) / 180;
  const fit = (s: number) => (Math.abs(Math.cos(a)) * s + (Math.abs(Math.sin(a)) * s) / aspect) * (1 + 2 * tilt);
  const fitH = (s: number) => (Math.abs(Math.sin(a)) * s + (Math.abs(Math.cos(a)) * s) / aspect) * (1 + 2 * tilt);
  while (fit(size) > 0.96 * width || fitH(size) > 0.96 * height) size *= 0.95;
  const slackX = Math.max(0, 0.96 * width - fit(size)) / 2;
  const slackY = Math.max(0, 0.96 * height - fitH(size)) / 2;
  const centre = { x: width / 2 + span(-slackX, slackX), y: height / 2 + span(-slackY, slackY) };
  const half = { x: size / 2, y: size / aspect / 2 };
  const local = [
    { x: -half.x, y: -half.y },
    { x: half.x, y: -half.y },
    { x: half.x, y: half.y },
    { x: -half.x, y: half.y },
  ];
  return local.map((p) => ({
    x: centre.x + p.x * Math.cos(a) - p.y * Math.sin(a) + span(-tilt, tilt) * size,
    y: centre.y + p.x * Math.sin(a) + p.y * Math.cos(a) + span(-tilt, tilt) * size,
  })) as Quad;
}

/** A table top with things on it, as an SVG rendered by sharp. */
async function backgroundFor(family: TransformFamily, width: number, height: number, random: () => number): Promise<Frame> {
  const colour = () => `hsl(${Math.floor(random() * 360)},${Math.floor(10 + random() * 50)}%,${Math.floor(15 + random() * 70)}%)`;
  const parts: string[] = [`<rect width="100%" height="100%" fill="${colour()}"/>`];
  // Wood-like grain or fabric: many faint parallel stripes.
  const grainAngle = random() * 180;
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<rect x="${-width}" y="${random() * height * 2 - height / 2}" width="${width * 3}" height="${2 + random() * 10}" fill="#000" fill-opacity="${(0.02 + random() * 0.06).toFixed(3)}" transform="rotate(${grainAngle} ${width / 2} ${height / 2})"/>`,
    );
  }
  const things = family === 'clutter' ? 14 : 4;
  for (let i = 0; i < things; i++) {
    const w = (0.1 + random() * 0.45) * width;
    const h = (0.05 + random() * 0.4) * height;
    const x = random() * width - w / 2;
    const y = random() * height - h / 2;
    const kind = random();
    const rotate = `transform="rotate(${(random() * 60 - 30).toFixed(1)} ${x + w / 2} ${y + h / 2})"`;
    if (kind < 0.45) parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour()}" ${rotate}/>`);
    else if (kind < 0.7) parts.push(`<ellipse cx="${x}" cy="${y}" rx="${w / 3}" ry="${h / 3}" fill="${colour()}"/>`);
    else if (kind < 0.85)
      parts.push(`<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y + h}" stroke="${colour()}" stroke-width="${4 + random() * 14}" stroke-linecap="round"/>`);
    else {
      const words = ['INVOICE', 'Total 42.00', 'Meeting notes', 'Receipt', 'Lorem ipsum dolor', 'Boarding pass'];
      for (let k = 0; k < 5; k++) {
        parts.push(
          `<text x="${x}" y="${y + k * 34}" font-family="DejaVu Sans" font-size="${18 + random() * 14}" fill="${colour()}" ${rotate}>${escapeXml(words[Math.floor(random() * words.length)]!)}</text>`,
        );
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  return decodeFrame(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** The document drawn into the background through the homography of its corners, edges anti-aliased. */
function composite(background: Frame, doc: Frame, corners: Quad): Frame {
  const { width, height } = background;
  const out = new Uint8ClampedArray(background.data);
  const toDoc = homographyFromPoints(corners, rectangleCorners(doc.width, doc.height));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const edges = corners.map((a, i) => {
    const b = corners[(i + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    // Inward normal (corners run clockwise on screen).
    return { a, n: { x: -(b.y - a.y) / len, y: (b.x - a.x) / len } };
  });
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y < Math.min(height, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x < Math.min(width, Math.ceil(Math.max(...xs))); x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const inside = Math.min(...edges.map((e) => (px - e.a.x) * e.n.x + (py - e.a.y) * e.n.y));
      const cover = Math.min(1, Math.max(0, inside + 0.5));
      if (cover <= 0) continue;
      const p = applyHomography(toDoc, { x: px, y: py });
      const sx = Math.min(doc.width - 1, Math.max(0, Math.floor(p.x)));
      const sy = Math.min(doc.height - 1, Math.max(0, Math.floor(p.y)));
      const s = (sy * doc.width + sx) * 4;
      const alpha = (cover * doc.data[s + 3]!) / 255;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = out[o + c]! * (1 - alpha) + doc.data[s + c]! * alpha;
    }
  }
  return { width, height, data: out };
}

/** A hand (palm and four fingers in a skin tone) reaching over one of the document's edges. */
function handSvg(corners: Quad, random: () => number): string {
  const tones = ['#e0ac8a', '#c68863', '#8d5a3b', '#f1c7a5', '#a86f4c'];
  const tone = tones[Math.floor(random() * tones.length)]!;
  const side = Math.floor(random() * 4);
  const a = corners[side]!;
  const b = corners[(side + 1) % 4]!;
  const t = 0.25 + random() * 0.5;
  const edge = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const inward = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
  const docSize = Math.hypot(corners[2].x - corners[0].x, corners[2].y - corners[0].y);
  const finger = docSize * (0.05 + random() * 0.03);
  const reach = docSize * (0.08 + random() * 0.08);
  // The palm lies outside the document, fingers reach in across the edge.
  const palm = { x: edge.x - inward.x * finger * 2.5, y: edge.y - inward.y * finger * 2.5 };
  const angle = (Math.atan2(inward.y, inward.x) * 180) / Math.PI;
  const fingers = [-1.5, -0.5, 0.5, 1.5]
    .map((k, i) => {
      const l = reach * (i === 0 || i === 3 ? 0.8 : 1);
      return `<rect x="0" y="${k * finger * 1.05 - finger / 2}" width="${l + finger * 2.5}" height="${finger}" rx="${finger / 2}" fill="${tone}"/>`;
    })
    .join('');
  return `<g transform="translate(${palm.x} ${palm.y}) rotate(${angle})"><ellipse cx="${-finger}" cy="0" rx="${finger * 3}" ry="${finger * 2.4}" fill="${tone}"/>${fingers}</g>`;
}

/** A soft, saturated white spot (a lamp reflected by the laminate) somewhere on the document. */
function glareSvg(corners: Quad, share: number, random: () => number): string {
  const u = 0.3 + random() * 0.4;
  const v = 0.3 + random() * 0.4;
  const top = { x: corners[0].x + (corners[1].x - corners[0].x) * u, y: corners[0].y + (corners[1].y - corners[0].y) * u };
  const bottom = { x: corners[3].x + (corners[2].x - corners[3].x) * u, y: corners[3].y + (corners[2].y - corners[3].y) * u };
  const c = { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v };
  const r = share * Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y);
  return `<defs><radialGradient id="glare"><stop offset="0.55" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${c.x}" cy="${c.y}" rx="${r}" ry="${r * 0.6}" fill="url(#glare)"/>`;
}

/** Intersection over union of two convex quads (polygon clipping). */
export function quadIou(a: readonly Point[], b: readonly Point[]): number {
  const inter = polygonArea(clip(a, b));
  const union = polygonArea(a) + polygonArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

function polygonArea(p: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += p[i]!.x * p[(i + 1) % p.length]!.y - p[(i + 1) % p.length]!.x * p[i]!.y;
  return Math.abs(s) / 2;
}

/** Sutherland–Hodgman: `subject` clipped by the convex polygon `by` (either orientation). */
function clip(subject: readonly Point[], by: readonly Point[]): Point[] {
  let out = [...subject];
  const orientation = Math.sign(signedArea(by));
  for (let i = 0; i < by.length && out.length; i++) {
    const a = by[i]!;
    const b = by[(i + 1) % by.length]!;
    const side = (p: Point) => orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if (sp * sq < 0) {
        const t = sp / (sp - sq);
        out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
      }
    }
  }
  return out;
}

function signedArea(p: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += p[i]!.x * p[(i + 1) % p.length]!.y - p[(i + 1) % p.length]!.x * p[i]!.y;
  return s / 2;
}

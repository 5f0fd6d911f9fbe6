import type { GrayImage } from './gray-image.ts';

export interface EdgeBinarizeOptions {
  /** Which way the bars run: each line across them (rows for vertical bars) is binarized on its own. */
  bars?: 'vertical' | 'horizontal';
  /** Weakest edge taken anywhere (grey levels a pixel, after smoothing): below it is sensor noise. */
  minSlope?: number;
  /** An edge must be at least this share of the previous edge's slope … */
  followRatio?: number;
  /** … a demand that fades away over this many widths of the element just ended (pixels after a line's first edge). */
  fadeWidths?: number;
}

/**
 * Black and white from the edges of each line across the bars rather than from grey levels: a bar
 * starts where the brightness falls most steeply and ends where it rises most steeply, whatever the
 * level. Glare adds light unevenly, so a bar under it can be brighter than a space beside it and
 * every level threshold (zxing's binarizers, even after local normalization) cuts it apart; its
 * edges still slope the right way. An edge counts when its slope is a fair share of the previous
 * one's, a demand that fades with distance (after ZBar's scanner): the soft contrast of a washed-out
 * stretch still follows on from its neighbours', while ripples of noise or print next to a strong
 * edge do not. Each line is weighted 1 2 1 with its neighbours along the bars against noise.
 */
export function edgeBinarize(source: GrayImage, options: EdgeBinarizeOptions = {}): GrayImage {
  const { width, height } = source;
  const vertical = (options.bars ?? 'vertical') === 'vertical';
  const lines = vertical ? height : width;
  const along = vertical ? 1 : width;
  const between = vertical ? width : 1;
  const out = new Uint8Array(width * height);
  const scanner = new EdgeScanner(source, options);
  for (let l = 0; l < lines; l++) {
    const edges = scanner.edgesOf(l).pixel;
    // Light until the first falling edge, then alternating at each edge. A line dark at its start (the
    // dark fill beside a photo's symbol, a bar cut by the border) is light up to its first rising edge
    // all the same: starting such lines dark cost the perspective family 2 of 322 reads.
    let dark = false;
    let e = 0;
    for (let i = 0; i < scanner.length; i++) {
      while (e < edges.length && Math.abs(edges[e]!) <= i) {
        dark = edges[e]! < 0;
        e++;
      }
      out[l * between + i * along] = dark ? 0 : 255;
    }
  }
  return { width, height, data: out };
}

/**
 * The edges of an image's lines across its bars (rows for vertical bars), one line at a time: each
 * line weighted 1 2 1 with its neighbours along the bars (against noise), differentiated, and its
 * edges found by `lineEdges`. Buffers are reused from line to line.
 */
export class EdgeScanner {
  /** Pixels along a line. */
  readonly length: number;
  /** Lines across the bars. */
  readonly lines: number;
  readonly #data: Uint8Array | Uint8ClampedArray;
  readonly #along: number;
  readonly #between: number;
  readonly #options: EdgeThresholds;
  readonly #line: Float32Array;
  readonly #slope: Float32Array;
  readonly #edges: LineEdges = { at: [], pixel: [] };

  constructor(source: GrayImage, options: EdgeBinarizeOptions = {}) {
    const { bars = 'vertical', minSlope = 4, followRatio = 0.4, fadeWidths = 8 } = options;
    const vertical = bars === 'vertical';
    this.length = vertical ? source.width : source.height;
    this.lines = vertical ? source.height : source.width;
    this.#data = source.data;
    this.#along = vertical ? 1 : source.width;
    this.#between = vertical ? source.width : 1;
    this.#options = { minSlope, followRatio, fadeWidths };
    this.#line = new Float32Array(this.length);
    this.#slope = new Float32Array(this.length);
  }

  /** The edges of line `l` (see `LineEdges`); the arrays are reused by the next call. */
  edgesOf(l: number): Readonly<LineEdges> {
    const { length } = this;
    const data = this.#data;
    const along = this.#along;
    const line = this.#line;
    const slope = this.#slope;
    const prev = Math.max(0, l - 1) * this.#between;
    const here = l * this.#between;
    const next = Math.min(this.lines - 1, l + 1) * this.#between;
    // Three lines weighted 1 2 1 (along the bars), then central differences: grey levels a pixel.
    for (let i = 0; i < length; i++) line[i] = data[prev + i * along]! + 2 * data[here + i * along]! + data[next + i * along]!;
    for (let i = 1; i < length - 1; i++) slope[i] = (line[i + 1]! - line[i - 1]!) / 8;
    slope[0] = 0;
    slope[length - 1] = 0;
    lineEdges(line, slope, this.#options, this.#edges);
    return this.#edges;
  }
}

type EdgeThresholds = Required<Omit<EdgeBinarizeOptions, 'bars'>>;

/**
 * The edges of one line, each at a peak of the slope, alternating in sign (negative where the line
 * turns dark); of two same-signed peaks in a row the steeper is kept.
 */
export interface LineEdges {
  /** Sub-pixel positions, pixel centres at whole numbers. */
  at: number[];
  /** The first pixel of the new colour. */
  pixel: number[];
}

/** Finds `edges` of a line from its levels and slope (grey levels a pixel, central differences). */
function lineEdges(line: Float32Array, slope: Float32Array, options: EdgeThresholds, edges: LineEdges): void {
  const { minSlope, followRatio, fadeWidths } = options;
  edges.at.length = 0;
  edges.pixel.length = 0;
  let lastStrength = 0;
  let lastAt = 0;
  let lastWidth = 1;
  for (let i = 1; i < slope.length - 1; i++) {
    const s = slope[i]!;
    const sign = s < 0 ? -1 : 1;
    const a = sign * s;
    // A peak of the slope in its own direction: a narrow bar's falling edge has its rising one right
    // beside it, steeper or not, which must not hide it (compared as magnitudes, a 2 px bar vanished).
    const before = sign * slope[i - 1]!;
    const after = sign * slope[i + 1]!;
    if (a < minSlope || a < before || a <= after) continue;
    const fade = Math.max(0, 1 - (i - lastAt) / (fadeWidths * lastWidth));
    if (a < followRatio * lastStrength * fade) continue;
    // Pixel i lies on the edge: it takes the new colour unless the slope leans on towards the next one.
    const pixel = after > before ? i + 1 : i;
    // Sub-pixel: the centroid of the two one-pixel differences the slope at i sums (at i ∓ ½), which
    // resolves elements of 1.5–2 px that the parabola through the smoothed slope pulls to pixel centres.
    const fallIn = Math.max(0, sign * (line[i]! - line[i - 1]!));
    const fallOut = Math.max(0, sign * (line[i + 1]! - line[i]!));
    // (Both are 0 only on a flat stretch, which a positive `minSlope` never takes for an edge.)
    const at = fallIn + fallOut > 0 ? i - 0.5 + fallOut / (fallIn + fallOut) : i;
    const previous = edges.at[edges.at.length - 1];
    if (previous !== undefined && Math.sign(previous) === sign) {
      if (a <= lastStrength) continue;
      edges.at[edges.at.length - 1] = sign * at;
      edges.pixel[edges.pixel.length - 1] = sign * pixel;
    } else {
      if (previous !== undefined) lastWidth = Math.max(1, i - lastAt);
      edges.at.push(sign * at);
      edges.pixel.push(sign * pixel);
    }
    lastStrength = a;
    lastAt = i;
  }
}

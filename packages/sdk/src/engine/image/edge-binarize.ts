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
  const { bars = 'vertical', minSlope = 4, followRatio = 0.4, fadeWidths = 8 } = options;
  const { width, height, data } = source;
  const vertical = bars === 'vertical';
  // Along a line (across the bars): length and step; between lines (along the bars): count and step.
  const length = vertical ? width : height;
  const lines = vertical ? height : width;
  const along = vertical ? 1 : width;
  const between = vertical ? width : 1;
  const out = new Uint8Array(width * height);
  const line = new Float32Array(length);
  const slope = new Float32Array(length);
  const edges: number[] = [];
  for (let l = 0; l < lines; l++) {
    const prev = Math.max(0, l - 1) * between;
    const here = l * between;
    const next = Math.min(lines - 1, l + 1) * between;
    // Three lines weighted 1 2 1 (along the bars), then central differences: grey levels a pixel.
    for (let i = 0; i < length; i++) line[i] = data[prev + i * along]! + 2 * data[here + i * along]! + data[next + i * along]!;
    for (let i = 1; i < length - 1; i++) slope[i] = (line[i + 1]! - line[i - 1]!) / 8;
    slope[0] = 0;
    slope[length - 1] = 0;
    lineEdges(slope, minSlope, followRatio, fadeWidths, edges);
    // Light until the first falling edge, then alternating at each edge. A line dark at its start (the
    // dark fill beside a photo's symbol, a bar cut by the border) is light up to its first rising edge
    // all the same: starting such lines dark cost the perspective family 2 of 322 reads.
    let dark = false;
    let e = 0;
    for (let i = 0; i < length; i++) {
      while (e < edges.length && Math.abs(edges[e]!) <= i) {
        dark = edges[e]! < 0;
        e++;
      }
      out[here + i * along] = dark ? 0 : 255;
    }
  }
  return { width, height, data: out };
}

/**
 * The edges of one line: signed positions (negative where the line turns dark), each at a peak of
 * the slope, alternating in sign; of two same-signed peaks in a row the steeper is kept. Positions
 * are where the next pixel takes the new colour (the peak's pixel, or the next one when the slope leans that way).
 */
function lineEdges(slope: Float32Array, minSlope: number, followRatio: number, fadeWidths: number, edges: number[]): void {
  edges.length = 0;
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
    const at = after > before ? i + 1 : i;
    const previous = edges[edges.length - 1];
    if (previous !== undefined && Math.sign(previous) === sign) {
      if (a <= lastStrength) continue;
      edges[edges.length - 1] = sign * at;
    } else {
      if (previous !== undefined) lastWidth = Math.max(1, i - lastAt);
      edges.push(sign * at);
    }
    lastStrength = a;
    lastAt = i;
  }
}

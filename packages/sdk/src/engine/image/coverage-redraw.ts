import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';
import { slidingExtreme } from './sliding-extreme.ts';

export interface CoverageRedrawOptions {
  /** Which way the bars run: each line across them (rows for vertical bars) is redrawn on its own. */
  bars?: 'vertical' | 'horizontal';
  /** Output pixels per source pixel along the lines (a positive integer). */
  factor?: number;
  /** The local black and white are the darkest and lightest levels within ± this many pixels along the line. */
  radius?: number;
}

/** A stretch whose local levels span fewer than this has no element edges to place (paper, or a flat background). */
const leastSpan = 24;
/** A pixel whose white coverage is beyond these holds no edge: noise and a slight blur stay out of the drawing. */
const edgeCoverage = { least: 0.15, most: 0.85 };

/**
 * Black and white redrawn at `factor` times the resolution along each line across the bars, with
 * each edge placed inside its pixel by the pixel's coverage. A camera pixel (and a shrunk image's
 * pixel) averages the light over its area, so where bars are a pixel or so wide, a pixel an edge
 * crosses is grey in proportion to how much of it is paper: from its level between the local black
 * and white, the edge's position within it follows. Elements at least a pixel wide put at most one
 * edge in a pixel, so walking along the line, a grey pixel after black holds a rising edge at
 * (1 − coverage) and one after white a falling edge at its coverage. zxing, which binarizes whole
 * pixels, loses count of modules a pixel or so wide — a one-module space grey over two pixels reads
 * as two — and reads this drawing where it could not read the frame. Each line is weighted 1 2 1 with
 * its neighbours along the bars against noise. Returns the drawing and its map to the source.
 */
export function coverageRedraw(source: GrayImage, options: CoverageRedrawOptions = {}): { image: GrayImage; toSource: Affine } {
  const { bars = 'vertical', factor = 4, radius = 6 } = options;
  const vertical = bars === 'vertical';
  const length = vertical ? source.width : source.height;
  const lines = vertical ? source.height : source.width;
  const along = vertical ? 1 : source.width;
  const between = vertical ? source.width : 1;
  const width = vertical ? length * factor : source.width;
  const height = vertical ? source.height : length * factor;
  const data = new Uint8Array(width * height);
  const line = new Float32Array(length);
  // Buffers reused from line to line: the local black and white, and the sliding window's queue.
  const levels = { black: new Float32Array(length), white: new Float32Array(length), queue: new Int32Array(length) };
  const edges: number[] = [];
  for (let l = 0; l < lines; l++) {
    const prev = Math.max(0, l - 1) * between;
    const here = l * between;
    const next = Math.min(lines - 1, l + 1) * between;
    for (let i = 0; i < length; i++) line[i] = (source.data[prev + i * along]! + 2 * source.data[here + i * along]! + source.data[next + i * along]!) / 4;
    placeEdges(line, radius, levels, edges);
    // Drawn light until the first edge, then alternating at each edge.
    const outAlong = vertical ? 1 : width;
    const outStart = vertical ? l * width : l;
    let dark = false;
    let e = 0;
    for (let i = 0; i < length * factor; i++) {
      const at = (i + 0.5) / factor;
      while (e < edges.length && edges[e]! <= at) {
        dark = !dark;
        e++;
      }
      data[outStart + i * outAlong] = dark ? 0 : 255;
    }
  }
  const toSource: Affine = vertical ? [1 / factor, 0, 0, 0, 1, 0] : [1, 0, 0, 0, 1 / factor, 0];
  return { image: { width, height, data }, toSource };
}

/** The edges of one line (positions along it, pixel i spanning [i, i + 1)), alternating from light to dark, into `edges`. */
function placeEdges(
  line: Float32Array,
  radius: number,
  { black, white, queue }: { black: Float32Array; white: Float32Array; queue: Int32Array },
  edges: number[],
): void {
  edges.length = 0;
  slidingExtreme(line, black, 0, 1, line.length, radius, -1, queue);
  slidingExtreme(line, white, 0, 1, line.length, radius, 1, queue);
  let dark = false;
  for (let i = 0; i < line.length; i++) {
    if (white[i]! - black[i]! < leastSpan) {
      // No element here: a dark stretch ends where the contrast does.
      if (dark) edges.push(i);
      dark = false;
      continue;
    }
    const coverage = Math.min(1, Math.max(0, (line[i]! - black[i]!) / (white[i]! - black[i]!)));
    if (dark && coverage > edgeCoverage.least) {
      edges.push(i + 1 - coverage);
      dark = false;
    } else if (!dark && coverage < edgeCoverage.most) {
      edges.push(i + coverage);
      dark = true;
    }
  }
}

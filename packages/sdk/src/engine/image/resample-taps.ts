/** One output sample of a 1-D resampling: which source samples it mixes, with which weights. */
export interface Tap {
  start: number;
  weights: Float32Array;
}

/** How an axis is interpolated where it grows. */
export type Interpolation = 'bilinear' | 'cubic';

/**
 * The taps of resampling an axis of `sourceLength` samples to `targetLength`: area averaging where
 * it shrinks (every source pixel contributes, so thin bars blend into gray instead of vanishing as
 * with point sampling), `grow` (bilinear by default) where it grows. Every sample is taken `offset`
 * (a fraction of a source pixel) further along — 0 by default: the two axes' ends aligned — the end
 * samples cut or clamped to the source. Shared by the gray and the RGBA resizers.
 */
export function axisTaps(sourceLength: number, targetLength: number, grow: Interpolation = 'bilinear', offset = 0): Tap[] {
  const step = sourceLength / targetLength;
  const taps: Tap[] = [];
  for (let i = 0; i < targetLength; i++) {
    if (step > 1) taps.push(areaTap(i, step, sourceLength, offset));
    else taps.push(grow === 'cubic' ? cubicTap(i, step, sourceLength, offset) : bilinearTap(i, step, sourceLength, offset));
  }
  return taps;
}

/** Output sample `i` averages the source interval [i·step, (i+1)·step) + `offset`, cut to the source, partial pixels weighted by overlap. */
function areaTap(i: number, step: number, sourceLength: number, offset: number): Tap {
  const from = Math.max(0, i * step + offset);
  const to = Math.min(sourceLength, i * step + offset + step);
  const start = Math.floor(from);
  const end = Math.ceil(to);
  const weights = new Float32Array(end - start);
  for (let s = start; s < end; s++) {
    weights[s - start] = (Math.min(to, s + 1) - Math.max(from, s)) / (to - from);
  }
  return { start, weights };
}

/** Output sample `i` interpolates the two source pixels around its centre. */
function bilinearTap(i: number, step: number, sourceLength: number, offset: number): Tap {
  const centre = Math.min(sourceLength - 1, Math.max(0, (i + 0.5) * step - 0.5 + offset));
  const start = Math.min(Math.floor(centre), Math.max(0, sourceLength - 2));
  if (sourceLength === 1) return { start: 0, weights: Float32Array.of(1) };
  const t = centre - start;
  return { start, weights: Float32Array.of(1 - t, t) };
}

/**
 * Output sample `i` from the four source pixels around its centre, by cubic convolution (Keys,
 * a = −½: Catmull–Rom). It restores a band-limited signal between its samples far better than a
 * straight line does: a bar of a pixel or so, drawn bilinearly, stays a shallow grey dip that
 * zxing's binarizers lose, while the cubic one dips to its true depth (with a slight overshoot at
 * the edges). Pixels beyond the ends repeat the end pixel, their weights folded onto it.
 */
function cubicTap(i: number, step: number, sourceLength: number, offset: number): Tap {
  if (sourceLength === 1) return { start: 0, weights: Float32Array.of(1) };
  const centre = Math.min(sourceLength - 1, Math.max(0, (i + 0.5) * step - 0.5 + offset));
  const base = Math.floor(centre);
  const kernel = cubicWeights(centre - base);
  const start = Math.max(0, base - 1);
  const end = Math.min(sourceLength - 1, base + 2);
  const weights = new Float32Array(end - start + 1);
  for (let k = 0; k < 4; k++) {
    const s = Math.min(end, Math.max(start, base - 1 + k));
    weights[s - start]! += kernel[k]!;
  }
  return { start, weights };
}

/** The cubic convolution's (Keys, a = −½) weights of the four samples at −1, 0, 1, 2 for a point `t` ∈ [0, 1) past sample 0. */
function cubicWeights(t: number): [number, number, number, number] {
  const t2 = t * t;
  const t3 = t2 * t;
  return [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2];
}

/**
 * The horizontally resampled rows a separable resize's vertical pass reads, each computed once and
 * kept only while a later output row may still read it: `window` rows of `rowLength` floats, where
 * `window` is the most taps any output row has. Output rows read windows of source rows that only
 * move down, so a row's slot is its index modulo `window` and it is overwritten only once no output
 * row still needs it. Holding the whole horizontal pass instead (a 1080p frame's is 8–18 MB) cost
 * more than the arithmetic: fresh memory is paid for page by page (~4 ms a MB on the bench machine).
 */
export class ResampledRows {
  readonly rows: Float32Array;
  readonly window: number;
  private readonly rowLength: number;
  /** Writes source row `sourceRow`, resampled, into `into` from `at`. */
  private readonly resampleRow: (sourceRow: number, into: Float32Array, at: number) => void;
  private readonly heldRow: Int32Array;

  constructor(rowLength: number, window: number, resampleRow: (sourceRow: number, into: Float32Array, at: number) => void) {
    this.rowLength = rowLength;
    this.window = window;
    this.resampleRow = resampleRow;
    this.rows = new Float32Array(rowLength * window);
    this.heldRow = new Int32Array(window).fill(-1);
  }

  /** Where resampled source row `sourceRow` starts in `rows`, resampling it first if it is not held. */
  offsetOf(sourceRow: number): number {
    const slot = sourceRow % this.window;
    const at = slot * this.rowLength;
    if (this.heldRow[slot] !== sourceRow) {
      this.resampleRow(sourceRow, this.rows, at);
      this.heldRow[slot] = sourceRow;
    }
    return at;
  }
}

/** The most source samples any one tap mixes. */
export function widestTap(taps: readonly Tap[]): number {
  let widest = 1;
  for (const tap of taps) widest = Math.max(widest, tap.weights.length);
  return widest;
}

import type { CtcCharset } from './charset.ts';

/** One decoded character with where the model saw it and how sure it was. */
export interface DecodedChar {
  char: string;
  /** Probability of `char` at its most confident frame (renormalised over the allowed classes). */
  confidence: number;
  /** First and last output frame (time step) of the character's run. */
  start: number;
  end: number;
  /** The best frame; `(peak + 0.5) · stride` is the character's x in the model input. */
  peak: number;
  /** Next-best symbols at the peak frame, most likely first (for checksum-guided correction). */
  alternatives: Array<{ char: string; p: number }>;
  /**
   * Share of the model's probability at the peak frame that fell on the considered classes: near 1
   * when the model itself saw an allowed symbol, low when restriction forced one (text in another
   * alphabet). Always 1 for logits and unrestricted decoding.
   */
  coverage: number;
}

export interface CtcDecodeOptions {
  /** Restrict decoding to these classes (plus blank); default all. */
  allowed?: Int32Array;
  /** The output is pre-softmax logits (softmax is applied over the considered classes). */
  logits?: boolean;
  /** How many alternatives to keep per character. */
  alternatives?: number;
}

/**
 * Greedy CTC decoding of one sequence `probs[t·classes + c]` (t < steps): best class per frame,
 * repeats merged, blanks dropped. Restricting the classes turns a general line reader into one for a
 * known alphabet without retraining (the MRZ uses 37 of PP-OCR's 6625 symbols).
 */
export function ctcDecode(probs: Float32Array, steps: number, classes: number, charset: CtcCharset, options: CtcDecodeOptions = {}): DecodedChar[] {
  const allowed = options.allowed ?? Int32Array.from({ length: classes - 1 }, (_, i) => (i >= charset.blank ? i + 1 : i));
  const keep = options.alternatives ?? 3;
  const considered = Int32Array.from([charset.blank, ...allowed]);
  const p = new Float64Array(considered.length);
  const out: DecodedChar[] = [];
  let previous = -1;
  let current: DecodedChar | undefined;
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    let sum = 0;
    if (options.logits) {
      let max = -Infinity;
      for (let k = 0; k < considered.length; k++) max = Math.max(max, probs[base + considered[k]!]!);
      for (let k = 0; k < considered.length; k++) sum += p[k] = Math.exp(probs[base + considered[k]!]! - max);
    } else {
      for (let k = 0; k < considered.length; k++) sum += p[k] = probs[base + considered[k]!]!;
    }
    let best = 0;
    for (let k = 1; k < considered.length; k++) if (p[k]! > p[best]!) best = k;
    const cls = considered[best]!;
    const conf = sum > 0 ? p[best]! / sum : 0;
    const coverage = options.logits || !options.allowed ? 1 : Math.min(1, sum);
    if (cls !== charset.blank && cls !== previous) {
      const alternatives = topAlternatives(p, sum, considered, best, charset, keep);
      current = { char: charset.symbols[cls]!, confidence: conf, start: t, end: t, peak: t, alternatives, coverage };
      out.push(current);
    } else if (cls !== charset.blank && current) {
      current.end = t;
      if (conf > current.confidence) {
        current.confidence = conf;
        current.peak = t;
        current.coverage = coverage;
        current.alternatives = topAlternatives(p, sum, considered, best, charset, keep);
      }
    }
    previous = cls;
  }
  return out;
}

function topAlternatives(
  p: Float64Array,
  sum: number,
  considered: Int32Array,
  best: number,
  charset: CtcCharset,
  keep: number,
): Array<{ char: string; p: number }> {
  if (keep <= 0 || sum <= 0) return [];
  const picks: Array<{ char: string; p: number }> = [];
  const taken = new Set<number>([best, 0]);
  for (let n = 0; n < keep; n++) {
    let arg = -1;
    for (let k = 1; k < considered.length; k++) if (!taken.has(k) && (arg < 0 || p[k]! > p[arg]!)) arg = k;
    if (arg < 0) break;
    taken.add(arg);
    picks.push({ char: charset.symbols[considered[arg]!]!, p: p[arg]! / sum });
  }
  return picks;
}

/** One output sample of a 1-D resampling: which source samples it mixes, with which weights. */
export interface Tap {
  start: number;
  weights: Float32Array;
}

/**
 * The taps of resampling an axis of `sourceLength` samples to `targetLength`: area averaging where
 * it shrinks (every source pixel contributes, so thin bars blend into gray instead of vanishing as
 * with point sampling), bilinear where it grows. Shared by the gray and the RGBA resizers.
 */
export function axisTaps(sourceLength: number, targetLength: number): Tap[] {
  const step = sourceLength / targetLength;
  const taps: Tap[] = [];
  for (let i = 0; i < targetLength; i++) {
    taps.push(step > 1 ? areaTap(i, step, sourceLength) : bilinearTap(i, step, sourceLength));
  }
  return taps;
}

/** Output sample `i` averages the source interval [i·step, (i+1)·step), partial pixels weighted by overlap. */
function areaTap(i: number, step: number, sourceLength: number): Tap {
  const from = i * step;
  const to = Math.min(sourceLength, from + step);
  const start = Math.floor(from);
  const end = Math.ceil(to);
  const weights = new Float32Array(end - start);
  for (let s = start; s < end; s++) {
    weights[s - start] = (Math.min(to, s + 1) - Math.max(from, s)) / (to - from);
  }
  return { start, weights };
}

/** Output sample `i` interpolates the two source pixels around its centre. */
function bilinearTap(i: number, step: number, sourceLength: number): Tap {
  const centre = Math.min(sourceLength - 1, Math.max(0, (i + 0.5) * step - 0.5));
  const start = Math.min(Math.floor(centre), Math.max(0, sourceLength - 2));
  if (sourceLength === 1) return { start: 0, weights: Float32Array.of(1) };
  const t = centre - start;
  return { start, weights: Float32Array.of(1 - t, t) };
}

/** Smallest value with more than `skip` pixels of a 256-bin histogram at or below it. */
export function lowerQuantile(histogram: Uint32Array, skip: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen > skip) return v;
  }
  return 255;
}

/** Largest value with more than `skip` pixels of a 256-bin histogram at or above it. */
export function upperQuantile(histogram: Uint32Array, skip: number): number {
  let seen = 0;
  for (let v = 255; v >= 0; v--) {
    seen += histogram[v]!;
    if (seen > skip) return v;
  }
  return 0;
}

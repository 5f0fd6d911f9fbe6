/**
 * Writes the mean over a window of ±`radius` samples of one row or column (samples `stride`
 * apart, starting at `offset`) into `output`, with the window clamped at both ends. Running sums
 * make the cost independent of the radius. The building block of the blur and sharpen filters.
 */
export function runningMean(input: ArrayLike<number>, output: Float32Array, offset: number, stride: number, length: number, radius: number): void {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < Math.min(radius, length); i++) {
    sum += input[offset + i * stride]!;
    count++;
  }
  for (let i = 0; i < length; i++) {
    if (i + radius < length) {
      sum += input[offset + (i + radius) * stride]!;
      count++;
    }
    if (i - radius - 1 >= 0) {
      sum -= input[offset + (i - radius - 1) * stride]!;
      count--;
    }
    output[offset + i * stride] = sum / count;
  }
}

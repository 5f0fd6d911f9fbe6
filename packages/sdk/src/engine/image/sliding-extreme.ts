/**
 * The extreme over ±`radius` samples of one row or column (samples `stride` apart from `offset`),
 * largest for `sign` 1 and smallest for −1, with a monotonic queue of candidate positions: each
 * sample enters and leaves it once. `queue` holds at least `length` positions. Shared by the 2-D
 * extreme filter (`extremeFilter`) and the coverage redraw's local black and white.
 */
export function slidingExtreme(
  input: ArrayLike<number>,
  output: { [index: number]: number },
  offset: number,
  stride: number,
  length: number,
  radius: number,
  sign: 1 | -1,
  queue: Int32Array,
): void {
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let i = 0; i < length; i++) {
    for (; next < Math.min(length, i + radius + 1); next++) {
      const v = sign * input[offset + next * stride]!;
      while (tail > head && v >= sign * input[offset + queue[tail - 1]! * stride]!) tail--;
      queue[tail++] = next;
    }
    while (queue[head]! < i - radius) head++;
    output[offset + i * stride] = input[offset + queue[head]! * stride]!;
  }
}

import type { Frame } from '../../core/frame.ts';
import type { Point } from './affine.ts';

/**
 * The frame turned a quarter clockwise (exact pixel moves, no resampling), and the map from the
 * turned frame's coordinates back to the source's.
 */
export function turnClockwise(source: Frame): { frame: Frame; toSource: (p: Point) => Point } {
  const { width, height, data } = source;
  const out = new Uint8ClampedArray(data.length);
  // Source (x, y) lands at (height − 1 − y, x) in the turned frame, which is `height` wide.
  for (let y = 0; y < height; y++) {
    const column = height - 1 - y;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = (x * height + column) * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
      out[to + 3] = data[from + 3]!;
    }
  }
  return { frame: { width: height, height: width, data: out }, toSource: (p) => ({ x: p.y, y: height - p.x }) };
}

/** One 8-connected blob of set pixels: for each row it touches, its leftmost and rightmost pixel. */
export interface Component {
  /** Pixel count. */
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Flat list of `[y, xLeft, xRight]` per row (enough for the convex hull and cheaper than all pixels). */
  rowSpans: number[];
  /** Sum of the score map over the blob's pixels (mean = sum / area). */
  scoreSum: number;
}

/**
 * Labels 8-connected components of `mask` (non-zero = set) with a union-find over row runs, which
 * touches each pixel once. `score` (same size) is summed per component for DB's box score.
 */
export function connectedComponents(mask: Uint8Array, score: Float32Array, width: number, height: number): Component[] {
  // Runs of set pixels, row by row.
  const runY: number[] = [];
  const runX0: number[] = [];
  const runX1: number[] = [];
  const rowFirstRun = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rowFirstRun[y] = runY.length;
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && mask[row + x]) x++;
      runY.push(y);
      runX0.push(start);
      runX1.push(x - 1);
    }
  }
  rowFirstRun[height] = runY.length;
  const parent = new Int32Array(runY.length);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Join runs of consecutive rows that overlap or touch diagonally (8-connectivity).
  for (let y = 1; y < height; y++) {
    let j = rowFirstRun[y - 1]!;
    const jEnd = rowFirstRun[y]!;
    for (let i = rowFirstRun[y]!; i < rowFirstRun[y + 1]!; i++) {
      while (j < jEnd && runX1[j]! < runX0[i]! - 1) j++;
      for (let k = j; k < jEnd && runX0[k]! <= runX1[i]! + 1; k++) {
        const a = find(i);
        const b = find(k);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  const byRoot = new Map<number, Component>();
  for (let i = 0; i < runY.length; i++) {
    const root = find(i);
    let c = byRoot.get(root);
    const y = runY[i]!;
    const x0 = runX0[i]!;
    const x1 = runX1[i]!;
    if (!c) {
      c = { area: 0, minX: x0, minY: y, maxX: x1, maxY: y, rowSpans: [], scoreSum: 0 };
      byRoot.set(root, c);
    }
    c.area += x1 - x0 + 1;
    if (x0 < c.minX) c.minX = x0;
    if (x1 > c.maxX) c.maxX = x1;
    if (y > c.maxY) c.maxY = y;
    const n = c.rowSpans.length;
    // Runs arrive row by row, left to right: extend the row's span or open a new one.
    if (n >= 3 && c.rowSpans[n - 3] === y) c.rowSpans[n - 1] = x1;
    else c.rowSpans.push(y, x0, x1);
    const row = y * width;
    for (let x = x0; x <= x1; x++) c.scoreSum += score[row + x]!;
  }
  return [...byRoot.values()];
}

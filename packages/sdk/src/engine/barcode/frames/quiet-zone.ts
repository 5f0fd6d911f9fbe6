import { derive, type DerivedImage } from '../../image/derived-image.ts';
import { pad } from '../../image/pad.ts';

/**
 * Where to cut: `bars` from the first falling to the last rising edge (every symbology read here
 * starts and ends with a bar, so an edge from clutter into a too-narrow margin is left out);
 * `outer` at the outermost edges of any polarity (clutter touching the bars directly).
 */
export type QuietZoneCut = 'bars' | 'outer';

/** Edges weaker than this fraction of the profile's range are not bar edges. */
const minEdgeStrength = 0.2;
/** Edges further apart than this fraction of the view's width belong to different things. */
const maxEdgeGap = 0.08;

/**
 * Gives a bar-region view (bars vertical) the quiet zone its symbol lacks: finds where the bars
 * start and end — the longest run of closely spaced strong edges in the column profile, where
 * non-vertical clutter averages out — and paints everything outside that span white, then adds a
 * white border. Symbols printed right up to a frame, text or a dark edge then read as if they had
 * the margin the standards require. Used only with `nullQuietZoneAllowed`: cutting at the wrong
 * edge costs a pass, and a clean symbol never needs it.
 */
export function withQuietZone(view: DerivedImage, cut: QuietZoneCut): DerivedImage | undefined {
  const { width, height, data } = view.image;
  const from = Math.floor(height * 0.2);
  const to = Math.max(from + 1, Math.ceil(height * 0.8));
  const profile = new Float32Array(width);
  for (let y = from; y < to; y++) for (let x = 0; x < width; x++) profile[x]! += data[y * width + x]! / (to - from);
  const sorted = [...profile].sort((a, b) => a - b);
  const range = sorted[Math.floor(0.95 * (width - 1))]! - sorted[Math.floor(0.05 * (width - 1))]!;
  if (range < 16) return undefined;

  // Signed edges: negative = light to dark (a bar begins), positive = dark to light.
  const edges: Array<{ x: number; rising: boolean }> = [];
  for (let x = 1; x < width - 1; x++) {
    const step = profile[x + 1]! - profile[x - 1]!;
    if (Math.abs(step) < minEdgeStrength * range) continue;
    // One position per edge: skip the neighbours of a two-pixel-wide edge.
    const rising = step > 0;
    if (edges.length && edges.at(-1)!.x === x - 1 && edges.at(-1)!.rising === rising) continue;
    edges.push({ x, rising });
  }
  const cluster = longestCluster(edges, Math.max(4, maxEdgeGap * width));
  if (!cluster) return undefined;
  const [start, end] =
    cut === 'bars'
      ? [cluster.find((e) => !e.rising)?.x, cluster.findLast((e) => e.rising)?.x]
      : // The outermost edges, one pixel beyond: where the clutter touches the first bar there is no
        // edge at all, and the span's end is the first edge inside clutter of another brightness.
        [cluster[0]!.x - 1, cluster.at(-1)!.x + 1];
  if (start === undefined || end === undefined || end <= start) return undefined;

  const painted = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    painted.fill(255, y * width, y * width + start);
    painted.fill(255, y * width + end + 1, (y + 1) * width);
  }
  const module = Math.max(2, (end - start) / cluster.length);
  return derive({ image: { width, height, data: painted }, toOriginal: view.toOriginal }, pad({ width, height, data: painted }, Math.round(10 * module)));
}

/** The widest group of at least six edges with no more than `gap` between neighbours. */
function longestCluster<T extends { x: number }>(edges: T[], gap: number): T[] | undefined {
  let best: T[] | undefined;
  let start = 0;
  for (let i = 1; i <= edges.length; i++) {
    if (i < edges.length && edges[i]!.x - edges[i - 1]!.x <= gap) continue;
    const cluster = edges.slice(start, i);
    const span = (c: T[]) => c.at(-1)!.x - c[0]!.x;
    if (cluster.length >= 6 && (!best || span(cluster) > span(best))) best = cluster;
    start = i;
  }
  return best;
}

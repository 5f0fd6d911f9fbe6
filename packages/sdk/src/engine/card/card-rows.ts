import type { Point } from '../image/affine.ts';
import type { Quad } from '../ocr/min-area-rect.ts';

/** Detected text boxes joined into rows: a card number's groups are often found as separate boxes. */
export interface CardRow {
  /** Row outline, [tl, tr, br, bl] in the reading direction. */
  quad: Quad;
  /** Unit vector of the reading direction, and the row's centre. */
  dir: Point;
  centre: Point;
  /** How many detector boxes were joined. */
  parts: number;
  /** Where the joined boxes leave gaps: centres along the row from its start (px). Spaces go there. */
  gaps: number[];
}

/** Gap along the row (in text heights) and offset across it that still join two boxes. */
const maxGap = 2.2;
const maxOffset = 0.45;
const maxHeightRatio = 1.6;

interface Box {
  points: Point[];
  dir: Point;
  centre: Point;
  height: number;
}

/** A quad as a reading-direction box: tall boxes are vertical text, read bottom to top. */
function toBox(q: Quad): Box {
  let [tl, tr, br, bl] = q.points;
  let { width, height } = q;
  if (height > 1.5 * width) {
    [tl, tr, br, bl] = [bl, tl, tr, br];
    [width, height] = [height, width];
  }
  const dir = { x: (tr.x - tl.x) / Math.max(1e-6, width), y: (tr.y - tl.y) / Math.max(1e-6, width) };
  const centre = { x: (tl.x + br.x) / 2, y: (tl.y + br.y) / 2 };
  return { points: [tl, tr, br, bl], dir, centre, height };
}

/**
 * Joins detector boxes that lie on one text row (same direction, centres within half a text height
 * across, gaps under ~2 text heights along) and returns each row's enclosing box in the reading
 * direction, top rows first.
 */
export function groupRows(quads: readonly Quad[]): CardRow[] {
  const boxes = quads.map(toBox).sort((a, b) => a.centre.x * a.dir.x + a.centre.y * a.dir.y - (b.centre.x * b.dir.x + b.centre.y * b.dir.y));
  const rows: Box[][] = [];
  for (const box of boxes) {
    const row = rows.find((r) => joins(r, box));
    if (row) row.push(box);
    else rows.push([box]);
  }
  return rows.map(toRow).sort((a, b) => across(a.centre, a.dir) - across(b.centre, b.dir));
}

const along = (p: Point, d: Point) => p.x * d.x + p.y * d.y;
const across = (p: Point, d: Point) => -p.x * d.y + p.y * d.x;

function joins(row: Box[], box: Box): boolean {
  const last = row[row.length - 1]!;
  const d = last.dir;
  if (Math.abs(d.x * box.dir.x + d.y * box.dir.y) < Math.cos((8 * Math.PI) / 180)) return false;
  const h = Math.max(last.height, box.height);
  if (h / Math.max(1, Math.min(last.height, box.height)) > maxHeightRatio) return false;
  if (Math.abs(across(box.centre, d) - across(last.centre, d)) > maxOffset * h) return false;
  const lastEnd = Math.max(...last.points.map((p) => along(p, d)));
  const boxStart = Math.min(...box.points.map((p) => along(p, d)));
  return boxStart - lastEnd < maxGap * h;
}

function toRow(boxes: Box[]): CardRow {
  const d = boxes[0]!.dir;
  const pts = boxes.flatMap((b) => b.points);
  const us = pts.map((p) => along(p, d));
  const vs = pts.map((p) => across(p, d));
  const u0 = Math.min(...us),
    u1 = Math.max(...us),
    v0 = Math.min(...vs),
    v1 = Math.max(...vs);
  const at = (u: number, v: number): Point => ({ x: u * d.x - v * d.y, y: u * d.y + v * d.x });
  const points: Quad['points'] = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
  const spans = boxes.map((b) => b.points.map((p) => along(p, d))).map((u) => [Math.min(...u), Math.max(...u)] as const);
  const gaps = spans.slice(1).map((s, i) => (spans[i]![1] + s[0]) / 2 - u0);
  return { quad: { points, width: u1 - u0, height: v1 - v0 }, dir: d, centre: at((u0 + u1) / 2, (v0 + v1) / 2), parts: boxes.length, gaps };
}

/** The same row read the other way up (text upside down in the frame). */
export function flipRow(row: CardRow): CardRow {
  const [tl, tr, br, bl] = row.quad.points;
  return {
    ...row,
    quad: { ...row.quad, points: [br, bl, tl, tr] },
    dir: { x: -row.dir.x, y: -row.dir.y },
    gaps: row.gaps.map((g) => row.quad.width - g).reverse(),
  };
}

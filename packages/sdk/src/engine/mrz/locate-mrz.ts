import type { Point } from '../image/affine.ts';
import { minAreaRect, type Quad } from '../ocr/min-area-rect.ts';

/** A text line along its reading direction: points run top-left, top-right, bottom-right, bottom-left of the text. */
export interface LineQuad extends Quad {
  /** Reading direction in degrees (0 = left to right, y down). */
  angle: number;
}

export interface LocateMrzOptions {
  /** Least length/height ratio of an MRZ line (a 30-symbol TD1 line is ~20). */
  minAspect: number;
  /** Most MRZ line candidates passed on to reading. */
  maxLines: number;
}

export const defaultLocateMrzOptions: LocateMrzOptions = { minAspect: 10, maxLines: 6 };

/**
 * Picks MRZ line candidates among detected text regions: long thin lines, after re-joining lines the
 * detector split at a gap. Text detection already copes with rotation and perspective; what sets
 * the MRZ apart geometrically is its aspect ratio (30–44 monospaced symbols on one line) and that
 * its lines are parallel, equally long and stacked at one pitch — so candidates are ranked by how
 * well they form such a block. Returns candidate blocks (2–3 lines, top line first), best first,
 * then single lines as a fallback.
 */
export function locateMrzLines(quads: readonly Quad[], options: Partial<LocateMrzOptions> = {}): LineQuad[][] {
  const o = { ...defaultLocateMrzOptions, ...options };
  const candidates = longLines(quads, o.minAspect).slice(0, o.maxLines);
  const blocks: Array<{ lines: LineQuad[]; score: number }> = [];
  for (let i = 0; i < candidates.length; i++) {
    for (let j = 0; j < candidates.length; j++) {
      if (i === j) continue;
      const a = candidates[i]!;
      const b = candidates[j]!;
      if (!stacked(a, b)) continue;
      const pair = [a, b];
      blocks.push({ lines: pair, score: blockScore(pair) });
      for (let k = 0; k < candidates.length; k++) {
        if (k === i || k === j) continue;
        const c = candidates[k]!;
        if (stacked(b, c) && similar(a, c)) blocks.push({ lines: [a, b, c], score: blockScore([a, b, c]) + 0.5 });
      }
    }
  }
  blocks.sort((x, y) => y.score - x.score);
  const singles = candidates.map((l) => [l]);
  return [...blocks.map((b) => b.lines), ...singles];
}

/**
 * Detected lines (split ones re-joined across gaps of up to `maxGapHeights` text heights) at least
 * `minAspect` times longer than high, longest first.
 */
export function longLines(quads: readonly Quad[], minAspect = defaultLocateMrzOptions.minAspect, maxGapHeights = defaultMaxGapHeights): LineQuad[] {
  return mergeCollinear(quads.map(alongText), maxGapHeights)
    .filter((l) => l.width / Math.max(1, l.height) >= minAspect)
    .sort((a, b) => b.width - a.width);
}

/** Gap (in line heights) across which two collinear detections are one line: a long filler run. */
const defaultMaxGapHeights = 2.5;

/** Orients a quad so its long side is the reading direction (left to right when near horizontal). */
export function alongText(q: Quad): LineQuad {
  let [tl, tr, br, bl] = q.points;
  let width = q.width;
  let height = q.height;
  if (height > width) {
    // Vertical text: assume it reads bottom to top (a page turned counter-clockwise); the reader
    // tries the other way round when this one does not parse.
    [tl, tr, br, bl] = [bl, tl, tr, br];
    [width, height] = [height, width];
  }
  return { points: [tl, tr, br, bl], width, height, angle: (Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI };
}

/** Two blocks of the same lines: each line's centre within half a line height of the other's, extents alike. */
export function sameBlock(a: readonly LineQuad[], b: readonly LineQuad[]): boolean {
  return (
    a.length === b.length &&
    a.every((la, i) => {
      const lb = b[i]!;
      const ca = centre(la);
      const cb = centre(lb);
      return Math.hypot(ca.x - cb.x, ca.y - cb.y) < 0.5 * Math.max(la.height, lb.height) && Math.abs(la.width - lb.width) < 0.05 * Math.max(la.width, lb.width);
    })
  );
}

/** The same line read the other way round (the page upside down). */
export function flipLine(l: LineQuad): LineQuad {
  const [tl, tr, br, bl] = l.points;
  return { points: [br, bl, tl, tr], width: l.width, height: l.height, angle: l.angle + (l.angle > 0 ? -180 : 180) };
}

function centre(q: Quad): Point {
  return { x: (q.points[0].x + q.points[2].x) / 2, y: (q.points[0].y + q.points[2].y) / 2 };
}

function direction(l: LineQuad): Point {
  const r = (l.angle * Math.PI) / 180;
  return { x: Math.cos(r), y: Math.sin(r) };
}

/** Where `b`'s centre lies from `a`'s, along `frame`'s reading direction and across it (down positive). */
export function offsetOf(a: Quad, b: Quad, frame: LineQuad): { along: number; across: number } {
  const u = direction(frame);
  const ca = centre(a);
  const cb = centre(b);
  const dx = cb.x - ca.x;
  const dy = cb.y - ca.y;
  return { along: dx * u.x + dy * u.y, across: -dx * u.y + dy * u.x };
}

function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

/** `b` lies right below `a` (in `a`'s frame) at about one MRZ line pitch, parallel and as long. */
function stacked(a: LineQuad, b: LineQuad): boolean {
  if (!similar(a, b)) return false;
  const { along, across } = offsetOf(a, b, a);
  const h = (a.height + b.height) / 2;
  return across > 0.8 * h && across < 3 * h && Math.abs(along) < 0.12 * Math.max(a.width, b.width);
}

function similar(a: LineQuad, b: LineQuad): boolean {
  return (
    angleDiff(a.angle, b.angle) < 6 &&
    Math.abs(a.width - b.width) < 0.2 * Math.max(a.width, b.width) &&
    Math.abs(a.height - b.height) < 0.45 * Math.max(a.height, b.height)
  );
}

function blockScore(lines: LineQuad[]): number {
  const widths = lines.map((l) => l.width);
  const mean = widths.reduce((s, w) => s + w, 0) / widths.length;
  const spread = Math.max(...widths) - Math.min(...widths);
  const aspect = lines.reduce((s, l) => s + l.width / l.height, 0) / lines.length;
  return Math.log(mean) + aspect / 20 - (3 * spread) / mean;
}

/**
 * Joins detections that continue one another on the same line (a long filler run or a glare spot
 * can split an MRZ line): parallel, close across, overlapping or close along.
 */
export function mergeCollinear(lines: LineQuad[], maxGapHeights = defaultMaxGapHeights): LineQuad[] {
  const out = [...lines].sort((a, b) => centre(a).x - centre(b).x || centre(a).y - centre(b).y);
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (angleDiff(a.angle, b.angle) > 8) continue;
        const h = Math.max(a.height, b.height);
        if (Math.abs(a.height - b.height) > 0.5 * h) continue;
        const { along, across } = offsetOf(a, b, a.width >= b.width ? a : b);
        const gap = Math.abs(along) - (a.width + b.width) / 2;
        if (Math.abs(across) > 0.4 * h || gap > maxGapHeights * h) continue;
        const rect = alongText(minAreaRect([...a.points, ...b.points]));
        const ref = a.width >= b.width ? a : b;
        const turn = ((((rect.angle - ref.angle) % 360) + 540) % 360) - 180;
        out[i] = Math.abs(turn) > 90 ? flipLine(rect) : rect;
        out.splice(j, 1);
        merged = true;
        break outer;
      }
    }
  }
  return out;
}

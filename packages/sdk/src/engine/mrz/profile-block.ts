import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { boxBlur } from '../image/box-blur.ts';
import { warpQuad } from '../image/warp-quad.ts';
import type { LineQuad } from './locate-mrz.ts';

/** Probe rows per anchor-box height: enough to tell lines apart, cheap to scan. */
const rowsPerHeight = 32;
/** The strip searched around the anchor, in anchor heights above and below its centre. */
const reach = 4;
const maxProbeWidth = 2400;

/** A text band of the probe: rows [top, bottom] and ink columns [left, right]. */
interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Finds the MRZ block around one long line by its ink profile instead of the text detector's boxes.
 * On small or slanted zones the detector fuses neighbouring MRZ lines into one box, splits a line
 * at a run of fillers or misses a line of thin chevrons; the print itself is more regular than any
 * of that: 2–3 bands of dark ink, equally long, equally high, at one pitch. The strip around the
 * anchor (along its direction, a few heights above and below) is sampled upright, rows are split
 * into ink bands, and the groups of bands that fit are returned as line boxes in frame coordinates,
 * top line first — three-line groups first, then two, longest first. Ink is measured on the
 * brightest channel, so coloured print (security patterns, a red guide frame drawn by a capture
 * app) stays out of the black MRZ.
 */
export function profileBlocks(frame: Frame, anchor: LineQuad): LineQuad[][] {
  const [tl, tr, , bl] = anchor.points;
  const u = { x: (tr.x - tl.x) / anchor.width, y: (tr.y - tl.y) / anchor.width };
  const v = { x: (bl.x - tl.x) / anchor.height, y: (bl.y - tl.y) / anchor.height };
  // Strip coordinates: a along the line from 8 % before its start, b across from `reach` heights above its centre.
  const a0 = -0.08 * anchor.width;
  const stripWidth = 1.16 * anchor.width;
  const b0 = anchor.height / 2 - reach * anchor.height;
  const stripHeight = 2 * reach * anchor.height;
  const at = (a: number, b: number): Point => ({ x: tl.x + (a0 + a) * u.x + (b0 + b) * v.x, y: tl.y + (a0 + a) * u.y + (b0 + b) * v.y });
  const height = Math.round(2 * reach * rowsPerHeight);
  const width = Math.max(16, Math.min(maxProbeWidth, Math.round((stripWidth * rowsPerHeight) / Math.max(1, anchor.height))));
  const { frame: probe } = warpQuad(frame, [at(0, 0), at(stripWidth, 0), at(stripWidth, stripHeight), at(0, stripHeight)], width, height);
  const value = new Uint8Array(width * height);
  for (let i = 0; i < value.length; i++) value[i] = Math.max(probe.data[i * 4]!, probe.data[i * 4 + 1]!, probe.data[i * 4 + 2]!);
  const sx = stripWidth / width;
  const sy = stripHeight / height;
  // Probe columns per probe row of the same length (1 unless the width was capped).
  const columnsPerRow = sy / sx;
  const bands = inkBands(darkMask(value, width, height), width, height, columnsPerRow);
  return mrzLikeGroups(bands, columnsPerRow).map((group) =>
    group.map((band): LineQuad => {
      const textHeight = (band.bottom - band.top + 1) * sy;
      // Margins as fitLineQuad leaves them, so the reader sees what it was trained on.
      const my = (4 / 24) * textHeight;
      const mx = 0.6 * textHeight;
      const left = band.left * sx - mx;
      const right = (band.right + 1) * sx + mx;
      const top = band.top * sy - my;
      const bottom = (band.bottom + 1) * sy + my;
      return { points: [at(left, top), at(right, top), at(right, bottom), at(left, bottom)], width: right - left, height: bottom - top, angle: anchor.angle };
    }),
  );
}

/**
 * Ink: pixels clearly darker than their surroundings (the mean over about two line heights), so a
 * shadow, the table under the page or a gradient is not taken for print.
 */
function darkMask(value: Uint8Array, width: number, height: number): Uint8Array {
  const background = boxBlur({ width, height, data: value }, Math.round(1.5 * rowsPerHeight)).data;
  const dark = new Uint8Array(width * height);
  for (let i = 0; i < dark.length; i++) dark[i] = value[i]! < background[i]! - Math.max(16, 0.18 * background[i]!) ? 1 : 0;
  return dark;
}

/** Runs of rows with much ink, each with the longest stretch of columns its ink covers without a wide gap. */
function inkBands(dark: Uint8Array, width: number, height: number, columnsPerRow: number): Band[] {
  const rawInk = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) n += dark[y * width + x]!;
    rawInk[y] = n;
  }
  // Smoothed over three rows, so a thin stroke-free row inside a line does not split it.
  const rowInk = rawInk.map((_, y) => (rawInk[Math.max(0, y - 1)]! + rawInk[y]! + rawInk[Math.min(height - 1, y + 1)]!) / 3);
  // Text rows against the ink of the anchor's own rows (the strip's middle): the lines sought are
  // like it, and neither a printed rule nor the edge of a dark table elsewhere sets the bar.
  let level = 0;
  for (let y = Math.round((reach - 0.5) * rowsPerHeight); y <= Math.round((reach + 0.5) * rowsPerHeight); y++) level = Math.max(level, rowInk[y] ?? 0);
  if (level < 0.05 * width) return [];
  const inText = (y: number) => rowInk[y]! >= 0.35 * level;
  const bands: Band[] = [];
  let y = 0;
  while (y < height) {
    if (!inText(y)) {
      y++;
      continue;
    }
    let bottom = y;
    while (bottom + 1 < height && inText(bottom + 1)) bottom++;
    // Grow over the fainter rows of the glyphs' tops and bottoms (while they fade).
    let bandPeak = 0;
    for (let r = y; r <= bottom; r++) bandPeak = Math.max(bandPeak, rowInk[r]!);
    let top = y;
    while (top > 0 && rowInk[top - 1]! >= 0.3 * bandPeak && rowInk[top - 1]! < rowInk[top]!) top--;
    while (bottom + 1 < height && rowInk[bottom + 1]! >= 0.3 * bandPeak && rowInk[bottom + 1]! < rowInk[bottom]!) bottom++;
    const span = inkSpan(dark, width, top, bottom, columnsPerRow);
    if (span && bottom - top >= 3) bands.push({ top, bottom, ...span });
    y = bottom + 1;
  }
  return bands;
}

/**
 * The longest run of inked columns in rows [top, bottom] whose gaps stay under one band height.
 * Solid dark stretches wider than a stroke (a shadow, the page edge) are not glyphs and count as gaps.
 */
function inkSpan(dark: Uint8Array, width: number, top: number, bottom: number, columnsPerRow: number): { left: number; right: number } | null {
  const rows = bottom - top + 1;
  const minInk = Math.max(1, Math.round(0.1 * rows));
  const maxGap = rows * columnsPerRow;
  const columnInk = new Uint16Array(width);
  for (let x = 0; x < width; x++) for (let y = top; y <= bottom; y++) columnInk[x]! += dark[y * width + x]!;
  for (let x = 0; x < width; ) {
    let end = x;
    while (end < width && columnInk[end]! >= 0.8 * rows) end++;
    if (end - x > 0.6 * rows * columnsPerRow) columnInk.fill(0, x, end);
    x = Math.max(end, x + 1);
  }
  let best: { left: number; right: number } | null = null;
  let start = -1;
  let last = -1;
  for (let x = 0; x <= width; x++) {
    const n = x < width ? columnInk[x]! : 0;
    if (x < width && n >= minInk) {
      if (start < 0 || x - last > maxGap) {
        if (start >= 0 && (!best || last - start > best.right - best.left)) best = { left: start, right: last };
        start = x;
      }
      last = x;
    }
  }
  if (start >= 0 && (!best || last - start > best.right - best.left)) best = { left: start, right: last };
  return best;
}

/**
 * Groups of consecutive bands that look like an MRZ: long (≥ 15 heights), equally long, equally
 * high, at a regular pitch of 1.2–2.8 heights. Three-line groups first, then two; longest first;
 * each cut to the columns all its lines share, then (if different) to those any of them covers.
 */
function mrzLikeGroups(bands: Band[], columnsPerRow: number): Band[][] {
  const h = (b: Band) => b.bottom - b.top + 1;
  const len = (b: Band) => (b.right - b.left + 1) / columnsPerRow;
  const centre = (b: Band) => (b.top + b.bottom) / 2;
  const fits = (group: Band[]): boolean => {
    const heights = group.map(h);
    const meanH = heights.reduce((s, x) => s + x, 0) / group.length;
    if (Math.max(...heights) > 1.5 * Math.min(...heights)) return false;
    // MRZ lines are equally long and start in one column: most of each must be common to all.
    const common = (Math.min(...group.map((b) => b.right)) - Math.max(...group.map((b) => b.left)) + 1) / columnsPerRow;
    if (common < 15 * meanH || common < 0.8 * Math.max(...group.map(len))) return false;
    const pitches = group.slice(1).map((b, i) => centre(b) - centre(group[i]!));
    if (pitches.some((p) => p < 1.2 * meanH || p > 2.8 * meanH)) return false;
    return Math.max(...pitches) <= 1.25 * Math.min(...pitches);
  };
  // MRZ lines span the same columns, so each group is given all one extent: first their common
  // columns (ink beyond them on one line only is the page edge, a shadow, a stamp), then — where
  // that cut more than a symbol — all the columns any of them covers (one line's faint end, a run
  // of thin fillers, was lost to the threshold).
  const extended = (group: Band[], left: number, right: number): Band[] => group.map((b) => ({ ...b, left, right }));
  const variants = (group: Band[]): Band[][] => {
    const inner = extended(group, Math.max(...group.map((b) => b.left)), Math.min(...group.map((b) => b.right)));
    const outer = extended(group, Math.min(...group.map((b) => b.left)), Math.max(...group.map((b) => b.right)));
    const meanH = group.reduce((s, b) => s + h(b), 0) / group.length;
    return len(outer[0]!) - len(inner[0]!) > meanH ? [inner, outer] : [inner];
  };
  const groups: Band[][] = [];
  for (const size of [3, 2]) {
    const ofSize: Band[][] = [];
    for (let i = 0; i + size <= bands.length; i++) if (fits(bands.slice(i, i + size))) ofSize.push(bands.slice(i, i + size));
    groups.push(...ofSize.sort((a, b) => len(b[0]!) - len(a[0]!)).flatMap(variants));
  }
  return groups.slice(0, 4);
}

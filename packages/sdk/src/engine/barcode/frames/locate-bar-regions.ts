import type { Point } from '../../image/affine.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { resize } from '../../image/resize.ts';

/**
 * Where a linear barcode (or PDF417, which is built from bars too) probably is: an oriented
 * rectangle in original-frame pixels.
 */
export interface BarRegion {
  centre: Point;
  /** Direction across the bars (the gradient direction), degrees in (−90, 90], y pointing down. */
  angle: number;
  /** Extent across the bars, pixels. */
  length: number;
  /** Extent along the bars, pixels. */
  thickness: number;
  /** Summed edge strength of the region's coherent blocks; regions are returned best first. */
  score: number;
}

export interface LocateOptions {
  /** Most regions returned. */
  maxRegions?: number;
  /** The analysis runs on a copy whose longer side is at most this (cost stays flat for big photos). */
  workingSize?: number;
}

/** Analysis block edge length in working-image pixels. */
const blockSize = 8;
/** Minimum coherence (0 = isotropic texture, 1 = perfectly parallel edges) of a block that starts a region. */
const minCoherence = 0.6;
/**
 * Minimum coherence of a block that joins a neighbouring region (hysteresis): the body of a PDF417
 * or a damaged stretch of bars is less regular than clean bars, but still has a dominant direction.
 */
const minJoinCoherence = 0.3;
/** Mean squared gradient below which a block is flat (sensor noise alone stays well under it). */
const minEnergy = 120;
/** Neighbouring blocks join a region only if their bar directions differ by less than this. */
const maxAngleStep = 20;
/** Regions with fewer blocks are too small to hold a readable symbol. */
const minBlocks = 4;

interface Block {
  xx: number;
  yy: number;
  xy: number;
  energy: number;
  angle: number;
  /** Strong, coherent: may start a region. */
  bar: boolean;
  /** Less coherent: may only extend a region it touches. */
  joins: boolean;
}

/**
 * Finds bar-like regions with the structure tensor: a barcode is a patch where strong gradients
 * all point the same way (high energy, high coherence), unlike text, texture or flat background.
 * Neighbouring bar blocks of similar direction are grouped, and each group's oriented bounding box
 * becomes a region. Cheap (one pass over a ≤1024 px copy) and independent of zxing, so it also
 * finds codes that zxing's own finders miss because they are small, tilted or blurred.
 */
export function locateBarRegions(image: GrayImage, options: LocateOptions = {}): BarRegion[] {
  const { maxRegions = 3, workingSize = 1024 } = options;
  const factor = Math.min(1, workingSize / Math.max(image.width, image.height));
  const work = factor < 1 ? resize(image, image.width * factor, image.height * factor).image : image;
  const cols = Math.floor(work.width / blockSize);
  const rows = Math.floor(work.height / blockSize);
  if (cols < 2 || rows < 2) return [];

  const blocks = measureBlocks(work, cols, rows);
  const regions: BarRegion[] = [];
  const seen = new Uint8Array(cols * rows);
  for (let start = 0; start < blocks.length; start++) {
    if (seen[start] || !blocks[start]!.bar) continue;
    const members = growRegion(blocks, cols, rows, start, seen);
    if (members.length < minBlocks) continue;
    regions.push(regionOf(blocks, cols, members, 1 / factor));
  }
  return regions.sort((a, b) => b.score - a.score).slice(0, maxRegions);
}

function measureBlocks(work: GrayImage, cols: number, rows: number): Block[] {
  const { width, height, data } = work;
  const blocks: Block[] = [];
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (let y = by * blockSize; y < (by + 1) * blockSize; y++) {
        const up = Math.max(0, y - 1) * width;
        const row = y * width;
        const down = Math.min(height - 1, y + 1) * width;
        for (let x = bx * blockSize; x < (bx + 1) * blockSize; x++) {
          const left = Math.max(0, x - 1);
          const right = Math.min(width - 1, x + 1);
          // Scharr kernels: far less direction bias than plain differences on fine bars.
          const gx = 3 * (data[up + right]! - data[up + left]! + data[down + right]! - data[down + left]!) + 10 * (data[row + right]! - data[row + left]!);
          const gy = 3 * (data[down + left]! - data[up + left]! + data[down + right]! - data[up + right]!) + 10 * (data[down + x]! - data[up + x]!);
          xx += gx * gx;
          yy += gy * gy;
          xy += gx * gy;
        }
      }
      const sum = xx + yy;
      // Scharr gains 32× a unit difference; scale back so thresholds read as squared grey levels.
      const energy = sum / (blockSize * blockSize * 256);
      const coherence = sum > 0 ? Math.sqrt((xx - yy) ** 2 + 4 * xy * xy) / sum : 0;
      const angle = (0.5 * Math.atan2(2 * xy, xx - yy) * 180) / Math.PI;
      const strong = energy >= minEnergy;
      blocks.push({ xx, yy, xy, energy, angle, bar: strong && coherence >= minCoherence, joins: strong && coherence >= minJoinCoherence });
    }
  }
  return blocks;
}

/** Flood fill over 8-neighbours that are (joining) bar blocks with a similar direction. */
function growRegion(blocks: Block[], cols: number, rows: number, start: number, seen: Uint8Array): number[] {
  const members = [start];
  seen[start] = 1;
  for (let i = 0; i < members.length; i++) {
    const index = members[i]!;
    const bx = index % cols;
    const by = (index - bx) / cols;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = bx + dx;
        const ny = by + dy;
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const next = ny * cols + nx;
        if (seen[next] || !blocks[next]!.joins) continue;
        if (angleDistance(blocks[next]!.angle, blocks[index]!.angle) > maxAngleStep) continue;
        seen[next] = 1;
        members.push(next);
      }
    }
  }
  return members;
}

function regionOf(blocks: Block[], cols: number, members: number[], scale: number): BarRegion {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  let score = 0;
  for (const index of members) {
    const b = blocks[index]!;
    xx += b.xx;
    yy += b.yy;
    xy += b.xy;
    // Only the coherent blocks count, so a barcode outranks text it happens to touch.
    if (b.bar) score += Math.sqrt(b.energy);
  }
  const radians = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ux = Math.cos(radians);
  const uy = Math.sin(radians);
  let uMin = Infinity;
  let uMax = -Infinity;
  let vMin = Infinity;
  let vMax = -Infinity;
  for (const index of members) {
    const cx = ((index % cols) + 0.5) * blockSize;
    const cy = (Math.floor(index / cols) + 0.5) * blockSize;
    const u = cx * ux + cy * uy;
    const v = -cx * uy + cy * ux;
    uMin = Math.min(uMin, u);
    uMax = Math.max(uMax, u);
    vMin = Math.min(vMin, v);
    vMax = Math.max(vMax, v);
  }
  // Block centres span one block less than the blocks themselves.
  const uMid = (uMin + uMax) / 2;
  const vMid = (vMin + vMax) / 2;
  return {
    centre: { x: (uMid * ux - vMid * uy) * scale, y: (uMid * uy + vMid * ux) * scale },
    angle: normalizeAngle((radians * 180) / Math.PI),
    length: (uMax - uMin + blockSize) * scale,
    thickness: (vMax - vMin + blockSize) * scale,
    score,
  };
}

/** Difference of two undirected angles (degrees, period 180). */
function angleDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

function normalizeAngle(degrees: number): number {
  let a = degrees % 180;
  if (a <= -90) a += 180;
  if (a > 90) a -= 180;
  return a;
}

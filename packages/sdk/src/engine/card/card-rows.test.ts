import { describe, expect, it } from 'vitest';
import type { Quad } from '../ocr/min-area-rect.ts';
import { flipRow, groupRows } from './card-rows.ts';

const box = (x: number, y: number, w: number, h: number): Quad => ({
  points: [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ],
  width: w,
  height: h,
});

describe('groupRows', () => {
  it('joins the four groups of a card number into one row and keeps other rows apart', () => {
    const rows = groupRows([
      box(100, 300, 120, 40),
      box(250, 302, 120, 40),
      box(400, 299, 120, 40),
      box(550, 301, 120, 40),
      box(100, 380, 200, 30),
      box(100, 100, 300, 50),
    ]);
    expect(rows.map((r) => r.parts)).toEqual([1, 4, 1]);
    const number = rows[1]!;
    expect(number.quad.width).toBeCloseTo(570, 0);
    expect(number.gaps).toHaveLength(3);
    expect(number.gaps[0]).toBeCloseTo(135, 0);
  });
  it('does not join boxes far apart or of very different heights', () => {
    expect(groupRows([box(0, 0, 100, 20), box(300, 0, 100, 20)])).toHaveLength(2);
    expect(groupRows([box(0, 0, 100, 20), box(110, 0, 100, 50)])).toHaveLength(2);
  });
  it('reads a tall box as vertical text and flips rows end to end', () => {
    const [row] = groupRows([box(0, 0, 30, 300)]);
    expect(row!.quad.width).toBeCloseTo(300, 0);
    const flipped = flipRow(row!);
    expect(flipped.dir.x).toBeCloseTo(-row!.dir.x);
    expect(flipped.dir.y).toBeCloseTo(-row!.dir.y);
  });
});

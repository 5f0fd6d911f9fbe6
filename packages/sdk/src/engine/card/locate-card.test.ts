import { describe, expect, it } from 'vitest';
import type { Frame } from '../../core/frame.ts';
import { locateCard } from './locate-card.ts';

/** A uniform card (value 200) on a darker background (60), axis-aligned, with a dark "number" bar. */
function scene(w: number, h: number, card: { x: number; y: number; width: number; height: number }): Frame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x >= card.x && x < card.x + card.width && y >= card.y && y < card.y + card.height;
      const inNumberRow = y > card.y + card.height * 0.52 && y < card.y + card.height * 0.6;
      const inNumber = inside && inNumberRow && x > card.x + card.width * 0.11 && x < card.x + card.width * 0.89 && Math.floor(x / 6) % 2 === 0;
      const v = inNumber ? 30 : inside ? 200 : 60;
      data.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data };
}

describe('locateCard', () => {
  const card = { x: 100, y: 80, width: 428, height: 270 };
  const number = { u: card.x + card.width / 2, v: card.y + card.height * 0.56, length: card.width * 0.78 };
  const text = { dir: { x: 1, y: 0 }, u0: card.x + 47, u1: card.x + 381, v0: card.y + 140, v1: card.y + 162, numberRow: number };

  it('finds the four card edges around the text', () => {
    const outline = locateCard(scene(640, 480, card), text)!;
    expect(outline.source).toBe('edges');
    const [tl, , br] = outline.points;
    expect(tl.x).toBeCloseTo(card.x, -1);
    expect(tl.y).toBeCloseTo(card.y, -1);
    expect(br.x).toBeCloseTo(card.x + card.width, -1);
    expect(br.y).toBeCloseTo(card.y + card.height, -1);
  });

  it('follows sides slanted by perspective (a trapezoid)', () => {
    const w = 640,
      h = 480,
      data = new Uint8ClampedArray(w * h * 4);
    const top = 80,
      bottom = 350,
      slope = Math.tan((5 * Math.PI) / 180);
    // Top edge narrower than the bottom one: each side leans out by 5° going down.
    const left = (y: number) => 120 - (y - top) * slope;
    const right = (y: number) => 508 + (y - top) * slope;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = y >= top && y < bottom && x >= left(y) && x < right(y) ? 200 : 60;
        data.set([v, v, v, 255], (y * w + x) * 4);
      }
    }
    const outline = locateCard({ width: w, height: h, data }, { ...text, u0: 170, u1: 460, v0: 220, v1: 250, numberRow: { u: 314, v: 231, length: 300 } })!;
    expect(outline.source).toBe('edges');
    const [tl, tr, br, bl] = outline.points;
    expect(tl.x).toBeCloseTo(left(top), -1);
    expect(tr.x).toBeCloseTo(right(top), -1);
    expect(bl.x).toBeCloseTo(left(bottom), -1);
    expect(br.x).toBeCloseTo(right(bottom), -1);
    expect(tl.y).toBeCloseTo(top, -1);
    expect(bl.y).toBeCloseTo(bottom, -1);
  });

  it('extrapolates from the number row when no edges stand out, and gives up without one', () => {
    const flat: Frame = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).fill(200) };
    const outline = locateCard(flat, { ...text, u0: 0, u1: 640 })!;
    expect(outline.source).toBe('extrapolated');
    const [tl, tr, , bl] = outline.points;
    expect((tr.x - tl.x) / (bl.y - tl.y)).toBeCloseTo(85.6 / 53.98, 2);
    expect(locateCard(flat, { ...text, u0: 0, u1: 640, numberRow: null })).toBeNull();
  });
});

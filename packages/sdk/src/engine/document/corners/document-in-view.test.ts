import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../core/frame.ts';
import { documentInView } from './document-in-view.ts';

/** A grey desk with a light card (ID-1 aspect) at x0,y0 of width w; the frame cuts whatever lies outside it. */
function scene(x0: number, y0: number, w: number, width = 640, height = 360): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  const h = Math.round(w / 1.586);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inCard = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
      const i = (y * width + x) * 4;
      data[i] = inCard ? 40 : 96;
      data[i + 1] = inCard ? 90 : 100;
      data[i + 2] = inCard ? 200 : 110;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

describe('documentInView', () => {
  it('finds a card lying whole in the frame: not cut off, its share of the frame', () => {
    const found = documentInView(scene(160, 80, 320))!;
    expect(found.cutOff).toBe(false);
    expect(found.share).toBeGreaterThan(0.25);
    expect(found.share).toBeLessThan(0.35);
    expect(found.points[0].x).toBeCloseTo(160, -1);
    expect(found.points[0].y).toBeCloseTo(80, -1);
  });

  it('a card running out of the frame (bottom, left) is found cut off', () => {
    expect(documentInView(scene(160, 220, 320))?.cutOff).toBe(true);
    expect(documentInView(scene(-160, 80, 320))?.cutOff).toBe(true);
  });

  it('a far card is a small share', () => {
    const far = documentInView(scene(240, 130, 160))!;
    expect(far.cutOff).toBe(false);
    expect(far.share).toBeLessThan(0.1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../core/frame.ts';
import { inkContrast } from './ink-contrast.ts';

/** A 200×60 light page; `shade(x, y)` gives each pixel's grey level. */
function page(shade: (x: number, y: number) => number): Frame {
  const width = 200;
  const height = 60;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = shade(x, y);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

describe('inkContrast', () => {
  const box = { x: 0, y: 0, width: 200, height: 60 };

  it('measures pen strokes on paper as strong ink, a faint security pattern as none', () => {
    // A wavy stroke three pixels thick, dark blue-black on white.
    const stroke = page((x, y) => (Math.abs(y - 30 - 15 * Math.sin(x / 9)) < 1.5 ? 30 : 235));
    expect(inkContrast(stroke, box)).toBeGreaterThan(150);
    // Fine guilloche lines a few tens of levels below a tinted background.
    const pattern = page((x, y) => (Math.abs(Math.sin((x + 2 * y) / 3)) < 0.3 ? 170 : 215));
    expect(inkContrast(pattern, box)).toBeLessThan(115);
  });

  it('is 0 for a box outside the page', () => {
    expect(
      inkContrast(
        page(() => 200),
        { x: 300, y: 10, width: 40, height: 20 },
      ),
    ).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { applyAffine } from '../../image/affine.ts';
import { rootImage } from '../../image/derived-image.ts';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { estimateModule, regionView } from './region-view.ts';

/** Bars 2 px wide, spaces 4 px, across direction `degrees`, in a 120×50 patch centred at (200, 150). */
function fineBarsAt(degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  return grayImage(400, 300, (x, y) => {
    const u = (x - 200) * Math.cos(radians) + (y - 150) * Math.sin(radians);
    const v = -(x - 200) * Math.sin(radians) + (y - 150) * Math.cos(radians);
    if (Math.abs(u) > 60 || Math.abs(v) > 25) return 220;
    return Math.floor(u + 60) % 6 < 2 ? 30 : 220;
  });
}

describe('regionView', () => {
  it('turns the region upright and upscales fine modules, mapping back into the frame', () => {
    const frame = rootImage(fineBarsAt(30));
    const view = regionView(frame, { centre: { x: 200, y: 150 }, angle: 30, length: 120, thickness: 50, score: 1 });
    // Scaled up so that a narrow module (2 px) becomes about 3 px.
    expect(view.image.width).toBeGreaterThan(Math.round(120 * 1.3 + 16) * 1.2);
    expect(estimateModule(view.image)).toBeGreaterThan(2);
    // The view's centre is the region's centre in the frame.
    const centre = applyAffine(view.toOriginal, { x: view.image.width / 2, y: view.image.height / 2 });
    expect(centre.x).toBeCloseTo(200, 0);
    expect(centre.y).toBeCloseTo(150, 0);
    // Bars are vertical: two rows across the symbol are nearly the same, though each alternates strongly.
    const { width, height, data } = view.image;
    const row = (f: number) => data.subarray(Math.round(f * height) * width, Math.round(f * height) * width + width);
    const [a, b] = [row(0.35), row(0.65)];
    let difference = 0;
    let swing = 0;
    for (let x = Math.round(0.2 * width); x < Math.round(0.8 * width); x++) {
      difference += Math.abs(a[x]! - b[x]!);
      swing += Math.abs(a[x]! - a[x - 1]!);
    }
    // (A view turned the wrong way makes the rows differ about as much as they alternate.)
    expect(difference).toBeLessThan(swing / 2);
  });

  it('leaves coarse symbols at their scale', () => {
    const coarse = grayImage(300, 100, (x) => (Math.floor(x / 6) % 2 ? 230 : 20));
    const view = regionView(rootImage(coarse), { centre: { x: 150, y: 50 }, angle: 0, length: 200, thickness: 60, score: 1 });
    expect(view.image.width).toBe(Math.round(200 * 1.3 + 16));
    expect(estimateModule(view.image)).toBeGreaterThan(2.2);
  });
});

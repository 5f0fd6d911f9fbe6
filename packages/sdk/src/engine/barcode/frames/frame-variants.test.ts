import { describe, expect, it } from 'vitest';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { FrameVariants, type RegionVariant } from './frame-variants.ts';

const regionVariants: RegionVariant[] = ['view', 'viewUpscaledSharpened', 'viewQuietZoneBars', 'viewQuietZoneOuter'];

/** Three patches of bars (2 px bars, 4 px spaces) of different sizes on a light 900×600 frame. */
const barPatches = grayImage(900, 600, (x, y) => {
  const patches = [
    { x0: 60, y0: 60, x1: 360, y1: 200 },
    { x0: 480, y0: 80, x1: 640, y1: 300 },
    { x0: 120, y0: 360, x1: 760, y1: 520 },
  ];
  const inPatch = patches.some((p) => x >= p.x0 && x < p.x1 && y >= p.y0 && y < p.y1);
  return inPatch && x % 6 < 2 ? 30 : 220;
});

describe('FrameVariants.regionPixelsAtLeast', () => {
  it('never says a region view has more pixels than it has (passes skip views by it before making them), and is exact for the doubled view', () => {
    const variants = new FrameVariants(barPatches);
    let compared = 0;
    for (let index = 0; index < 4; index++) {
      for (const name of regionVariants) {
        const atLeast = variants.regionPixelsAtLeast(index, name);
        const view = variants.region(index, name);
        if (atLeast === undefined) {
          expect(view).toBeUndefined();
          continue;
        }
        if (!view) continue;
        const pixels = view.image.width * view.image.height;
        expect(pixels).toBeGreaterThanOrEqual(atLeast);
        if (name === 'viewUpscaledSharpened') expect(atLeast).toBe(pixels);
        compared++;
      }
    }
    // Each patch is a region with at least its plain and doubled views.
    expect(compared).toBeGreaterThanOrEqual(6);
  });
});

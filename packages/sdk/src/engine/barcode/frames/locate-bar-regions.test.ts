import { describe, expect, it } from 'vitest';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { locateBarRegions } from './locate-bar-regions.ts';

/** Bars of varying width (like a barcode) in a 240×90 patch at `degrees` (direction across the bars), centred at (300, 200). */
function barsAt(degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  const widths = [2, 4, 2, 6, 2, 2, 4, 2, 6, 4];
  return grayImage(600, 400, (x, y) => {
    const u = (x - 300) * Math.cos(radians) + (y - 200) * Math.sin(radians);
    const v = -(x - 300) * Math.sin(radians) + (y - 200) * Math.cos(radians);
    if (Math.abs(u) > 120 || Math.abs(v) > 45) return 200;
    const position = Math.floor(u + 120);
    let edge = 0;
    let index = 0;
    while (edge + widths[index % widths.length]! <= position) edge += widths[index++ % widths.length]!;
    return index % 2 === 0 ? 20 : 235;
  });
}

describe('locateBarRegions', () => {
  for (const degrees of [0, 25, -40, 70]) {
    it(`finds bars at ${degrees}° with their direction, centre and size`, () => {
      const [region] = locateBarRegions(barsAt(degrees));
      expect(region).toBeDefined();
      const angleError = Math.abs(((((region!.angle - degrees + 90) % 180) + 180) % 180) - 90);
      expect(angleError).toBeLessThan(3);
      expect(Math.hypot(region!.centre.x - 300, region!.centre.y - 200)).toBeLessThan(16);
      expect(region!.length).toBeGreaterThan(200);
      expect(region!.length).toBeLessThan(290);
    });
  }

  it('finds nothing in flat or noisy images', () => {
    expect(locateBarRegions(grayImage(300, 200, () => 128))).toEqual([]);
    let state = 7;
    const noise = grayImage(300, 200, () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return 100 + (state >>> 27);
    });
    expect(locateBarRegions(noise)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { grayImage, mean } from '@idlens/test-support/engine/gray-images.ts';
import { applyAffine } from './affine.ts';
import { bandProjection } from './band-projection.ts';
import { derive, rootImage, type DerivedImage } from './derived-image.ts';
import type { GrayImage } from './gray-image.ts';
import { warpRect, type OrientedRect } from './warp-rect.ts';

/** The mean of rows `y0`…`y1 − 1` of an image, column by column: what a band profile was before projection. */
function rowMeans(image: GrayImage, y0: number, y1: number): Float64Array {
  return Float64Array.from({ length: image.width }, (_, x) => mean(image, x, y0, x + 1, y1));
}

/** A profile `factor` times as finely sampled, interpolated linearly between sample centres (how fine symbols were profiled before projection). */
function resampled(profile: Float64Array, factor: number): number[] {
  return Array.from({ length: profile.length * factor }, (_, i) => {
    const x = Math.min(profile.length - 1, Math.max(0, (i + 0.5) / factor - 0.5));
    const a = Math.floor(x);
    const b = Math.min(profile.length - 1, a + 1);
    return profile[a]! + (profile[b]! - profile[a]!) * (x - a);
  });
}

/** Pearson correlation of two equally long series. */
function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]! / n;
    mb += b[i]! / n;
  }
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** Whether a point at `u` across the bars (px from the pattern's start) lies on a bar: irregular widths of 1–3 modules. */
const widths = [1, 2, 1, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2, 1, 1, 2, 3, 1, 1, 1, 2, 1, 3, 2];
function onBar(u: number, module: number): boolean {
  let edge = 0;
  for (let i = 0; edge <= u; i++) {
    edge += widths[i % widths.length]! * module;
    if (u < edge) return i % 2 === 0;
  }
  return false;
}

/**
 * A frame of fine bars (`module` px) whose direction across is `degrees` from +x, each pixel the
 * share of it the bars leave light (area-sampled 8×8, as a sensor integrates), bars 30, paper 220.
 */
function fineBars(module: number, degrees: number): DerivedImage {
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return rootImage(
    grayImage(160, 90, (x, y) => {
      let light = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const [px, py] = [x + (i + 0.5) / 8 - 80, y + (j + 0.5) / 8 - 45];
          light += onBar(px * cos + py * sin + 60, module) ? 0 : 1 / 64;
        }
      }
      return Math.round(30 + 190 * light);
    }),
  );
}

function cut(source: DerivedImage, rect: OrientedRect, scale: number): DerivedImage {
  return derive(source, warpRect(source.image, rect, scale));
}

describe('bandProjection', () => {
  it('is the mean of the band’s rows for a view that is the frame itself', () => {
    const frame = fineBars(2, 0);
    const view = cut(frame, { centre: { x: 80, y: 45 }, angle: 0, width: 160, height: 90 }, 1);
    const projected = bandProjection(frame, view, 20, 50, 1);
    const means = rowMeans(view.image, 20, 50);
    for (let x = 0; x < means.length; x++) expect(projected[x]).toBeCloseTo(means[x]!, 6);
  });

  it('resolves modules of 1.25 px lying askew better than the view’s rows, resampled as finely, do', () => {
    // Each row meets bars 4° from upright at another phase. The view is turned upright at the
    // frame's scale and profiled in bins of a third of its pixels; the ideal profile is the bars'
    // pattern at the bins' centres.
    const rect = { centre: { x: 80, y: 45 }, angle: 4, width: 100, height: 60 };
    const ideal = Array.from({ length: 300 }, (_, i) => (onBar((i + 0.5) / 3 + 10, 1.25) ? 30 : 220));
    const fit = (degrees: number) => {
      const frame = fineBars(1.25, degrees);
      const view = cut(frame, { ...rect, angle: degrees }, 1);
      return {
        projected: correlation(bandProjection(frame, view, 15, 45, 3), ideal),
        rows: correlation(resampled(rowMeans(view.image, 15, 45), 3), ideal),
      };
    };
    const askew = fit(4);
    expect(askew.projected).toBeGreaterThan(0.9);
    expect(askew.projected).toBeGreaterThan(askew.rows + 0.05);
    // Upright, every row meets the bars at the same phase: nothing to gain, and nothing lost.
    const upright = fit(0);
    expect(upright.projected).toBeCloseTo(upright.rows, 6);
  });

  it('takes the pixels of the band: rows whose centres lie in it, each column into the bin its centre falls in', () => {
    // Enlarged 2× and upright, from (20, 10): the view's rows 21…30 are the frame's rows from
    // 10 + 10.5 to 10 + 15.5 (centres), i.e. 20…24; frame column 20 + k lands in bin 2k + 1.
    const frame = fineBars(1.25, 4);
    const view = cut(frame, { centre: { x: 70, y: 40 }, angle: 0, width: 100, height: 60 }, 2);
    const profile = bandProjection(frame, view, 21, 31, 1);
    for (let k = 0; k < 100; k++) {
      expect(profile[2 * k + 1]).toBeCloseTo(mean(frame.image, 20 + k, 20, 21 + k, 25), 9);
      // The bins between are interpolated.
      if (k > 0) expect(profile[2 * k]).toBeCloseTo((profile[2 * k - 1]! + profile[2 * k + 1]!) / 2, 9);
    }
  });

  it('works in the source’s pixels when the source is itself derived (the restored round’s enlarged frame)', () => {
    const image = fineBars(1.25, 4).image;
    const rect = { centre: { x: 80, y: 45 }, angle: 4, width: 100, height: 60 };
    const asRoot = rootImage(image);
    // The same pixels as a 2× enlargement of some frame: the views' maps to the frame differ, the geometry does not.
    const asEnlarged: DerivedImage = { image, toOriginal: [0.5, 0, 0, 0, 0.5, 0] };
    const expected = bandProjection(asRoot, cut(asRoot, rect, 1), 15, 45, 3);
    const got = bandProjection(asEnlarged, cut(asEnlarged, rect, 1), 15, 45, 3);
    for (let i = 0; i < expected.length; i++) expect(got[i]).toBeCloseTo(expected[i]!, 9);
  });

  it('is all fill for an empty band', () => {
    const frame = fineBars(1.25, 4);
    const view = cut(frame, { centre: { x: 80, y: 45 }, angle: 4, width: 100, height: 60 }, 1);
    expect(bandProjection(frame, view, 20, 20, 2).every((v) => v === 255)).toBe(true);
  });

  it('bins finer than the view’s pixels, and reads the part of the view off the frame as white', () => {
    const frame = fineBars(1.25, 4);
    // Half the view lies right of the frame's edge (x > 160).
    const view = cut(frame, { centre: { x: 150, y: 45 }, angle: 4, width: 60, height: 40 }, 1);
    const profile = bandProjection(frame, view, 10, 30, 3);
    expect(profile.length).toBe(view.image.width * 3);
    expect(Math.min(...profile.slice(0, 40))).toBeLessThan(120);
    // Every bin whose stretch of the band lies beyond the frame's edge (x = 160) is the fill.
    const beyond = (i: number) => [10, 30].every((y) => applyAffine(view.toOriginal, { x: i / 3, y }).x >= 160);
    const outside = [...profile].filter((_, i) => beyond(i));
    expect(outside.length).toBeGreaterThan(40);
    expect(outside.every((v) => v === 255)).toBe(true);
    // No bin is left empty inside the frame: every value is a level of the image or of the fill.
    expect(profile.every((v) => v >= 30 && v <= 255)).toBe(true);
  });
});

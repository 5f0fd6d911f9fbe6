import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import { resize, scaleBy } from './resize.ts';
import { at, grayImage, mean } from '@idlens/test-support/engine/gray-images.ts';

describe('resize', () => {
  it('averages areas when shrinking, so one-pixel bars become grey instead of vanishing', () => {
    const stripes = grayImage(8, 4, (x) => (x % 2 ? 255 : 0));
    const half = resize(stripes, 4, 2).image;
    expect([...half.data]).toEqual(new Array(8).fill(128));
  });

  it('keeps the mean brightness for fractional factors', () => {
    const gradient = grayImage(30, 20, (x, y) => (x * 7 + y * 3) % 256);
    const shrunk = resize(gradient, 13, 9).image;
    expect(Math.abs(mean(shrunk) - mean(gradient))).toBeLessThan(3);
  });

  it('interpolates bilinearly when growing', () => {
    const step = grayImage(2, 1, (x) => (x ? 200 : 0));
    const grown = resize(step, 8, 1).image;
    expect(at(grown, 0, 0)).toBe(0);
    expect(at(grown, 7, 0)).toBe(200);
    // A smooth ramp in between, monotonic.
    for (let x = 1; x < 8; x++) expect(grown.data[x]!).toBeGreaterThanOrEqual(grown.data[x - 1]!);
    expect(grown.data[3]!).toBeGreaterThan(0);
    expect(grown.data[3]!).toBeLessThan(200);
  });

  it('restores the depth of a one-pixel bar that straddles two pixels when growing cubically', () => {
    // A black bar a pixel wide, half on each of two pixels, sampled by area: two greys of 128.
    const straddled = grayImage(8, 1, (x) => (x === 3 || x === 4 ? 128 : 255));
    expect(Math.min(...resize(straddled, 32, 1).image.data)).toBe(128);
    const grown = resize(straddled, 32, 1, 'cubic').image;
    // Between the two greys the cubic interpolation dips below both (a straight line stays at 128),
    // as the bar's true profile does; beside them it returns to the paper.
    expect(Math.min(...grown.data)).toBeLessThan(120);
    expect(at(grown, 0, 0)).toBe(255);
    expect(at(grown, 31, 0)).toBe(255);
  });

  it('maps points of the resized image back to the source', () => {
    const { toSource, image } = scaleBy(
      grayImage(100, 50, () => 0),
      2,
    );
    expect(image.width).toBe(200);
    expect(applyAffine(toSource, { x: 50, y: 20 })).toEqual({ x: 25, y: 10 });
  });

  it('samples half a pixel on when asked, and maps its points back there', () => {
    // A dark pixel at x = 4: grown 3× from the pixels' centres, its darkest sample is its own centre
    // (x = 13.5 of the grown image); half a pixel on, the samples straddle that centre instead.
    const dot = grayImage(9, 9, (x) => (x === 4 ? 0 : 240));
    const aligned = scaleBy(dot, 3, 'cubic');
    const shifted = scaleBy(dot, 3, 'cubic', 0.5);
    const row = (image: typeof dot) => [...image.data.subarray(13 * image.width, 14 * image.width)];
    const darkest = (values: number[]) => values.indexOf(Math.min(...values));
    expect(darkest(row(aligned.image))).toBe(13);
    expect(row(aligned.image)[13]).toBe(0);
    // Samples at 4 − 1/6 and 4 + 1/6 of the source: two equal greys, neither at the dot's depth.
    const shiftedRow = row(shifted.image);
    expect(shiftedRow[11]).toBe(shiftedRow[12]);
    expect(shiftedRow[11]).toBeGreaterThan(0);
    expect(darkest(shiftedRow)).toBe(11);
    // The grown image's point 12 (between those samples) is the source's 4.5, the dot's centre.
    expect(applyAffine(shifted.toSource, { x: 12, y: 12 })).toEqual({ x: 4.5, y: 4.5 });
  });
});

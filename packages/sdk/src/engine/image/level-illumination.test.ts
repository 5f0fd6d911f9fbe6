import { describe, expect, it } from 'vitest';
import { at, grayImage, mean } from '@idlens/test-support/engine/gray-images.ts';
import { extremeFilter, levelIllumination } from './level-illumination.ts';

/** Bars 3 px wide with 3 px spaces (30 and 200) across a 120×40 label. */
const bars = (x: number) => (x >= 12 && x < 108 && Math.floor(x / 3) % 2 === 0 ? 30 : 200);

/** Glare as the eval adds it: up to 150 levels over the left half, fading out, saturating at 255. */
const glare = (x: number) => Math.max(0, 150 * (1 - x / 60));
const glared = grayImage(120, 40, (x) => Math.min(255, Math.round(bars(x) + glare(x))));

describe('levelIllumination', () => {
  it('gives bars under glare back their depth, so one threshold parts bars from spaces everywhere', () => {
    // As photographed, the bars under the glare are lighter than the spaces outside it.
    expect(at(glared, 15, 20)).toBeGreaterThan(at(glared, 99, 20));
    const levelled = levelIllumination(glared, 12);
    for (let x = 12; x < 108; x++) {
      const isBar = bars(x) === 30;
      // Inner columns of each bar and space (their edges are shared with the neighbour's window).
      if (x % 3 !== 1) continue;
      if (isBar) expect(at(levelled, x, 20)).toBeLessThan(96);
      else expect(at(levelled, x, 20)).toBeGreaterThan(160);
    }
  });

  it('keeps flat and saturated areas light instead of amplifying them, paper with sensor noise too', () => {
    const paper = grayImage(64, 64, (x, y) => 225 + ((x * 7 + y * 13) % 5));
    const saturated = grayImage(64, 64, () => 255);
    for (const image of [paper, saturated]) expect(Math.min(...levelIllumination(image, 8).data)).toBeGreaterThan(200);
    // Gaussian noise of σ 3 levels (seeded): still light paper, not a field of grey speckle.
    const noise = seededGaussian(11);
    const noisy = levelIllumination(
      grayImage(160, 120, () => Math.round(200 + 3 * noise())),
      15,
    );
    expect(mean(noisy)).toBeGreaterThan(180);
    expect(noisy.data.filter((v) => v < 128).length).toBeLessThan(0.005 * noisy.data.length);
  });

  it('maps an evenly lit symbol to full black and white, whatever its own levels', () => {
    // A grey print, and a faint one whose bars lie only 50 levels below its paper.
    for (const [bar, space] of [
      [60, 190],
      [170, 220],
    ]) {
      const levelled = levelIllumination(
        grayImage(120, 40, (x) => (bars(x) === 30 ? bar! : space!)),
        12,
      );
      for (let x = 13; x < 107; x += 3) expect(at(levelled, x, 20)).toBe(bars(x) === 30 ? 0 : 255);
    }
    const symbol = grayImage(120, 40, (x) => (bars(x) === 30 ? 0 : 255));
    expect([...levelIllumination(symbol, 12).data]).toEqual([...symbol.data]);
  });

  it('changes smoothly along a lighting ramp beside a dark bar and a bright spot (its references are smoothed)', () => {
    // Paper brightening 1.5 levels a pixel, one dark bar: the bar's reach into the black reference
    // must fade out, not end in a step at the window's edge.
    // The same for a bright spot's reach into the white reference.
    const spot = (x: number) => x >= 70 && x < 74;
    const ramp = grayImage(100, 8, (x) => (x >= 20 && x < 24 ? 20 : spot(x) ? 255 : Math.round(100 + 1.5 * x)));
    const levelled = levelIllumination(ramp, 8);
    let steepest = 0;
    for (let x = 27; x < 95; x++) {
      if (!spot(x) && !spot(x + 1)) steepest = Math.max(steepest, Math.abs(at(levelled, x + 1, 4) - at(levelled, x, 4)));
    }
    expect(steepest).toBeLessThan(30);
  });
});

/** Standard normal samples from a seeded generator (Box–Muller), for reproducible noise. */
function seededGaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

describe('extremeFilter', () => {
  it('agrees with the maximum and minimum taken over each window directly', () => {
    const image = grayImage(23, 17, (x, y) => (x * 37 + y * 91 + ((x * y) % 11) * 17) % 256);
    const radius = 3;
    const direct = (x: number, y: number, pick: (...v: number[]) => number) => {
      const values: number[] = [];
      for (let v = Math.max(0, y - radius); v <= Math.min(image.height - 1, y + radius); v++) {
        for (let u = Math.max(0, x - radius); u <= Math.min(image.width - 1, x + radius); u++) values.push(at(image, u, v));
      }
      return pick(...values);
    };
    const max = extremeFilter(image, radius, 'max');
    const min = extremeFilter(image, radius, 'min');
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        expect(at(max, x, y)).toBe(direct(x, y, Math.max));
        expect(at(min, x, y)).toBe(direct(x, y, Math.min));
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';
import { coverageRedraw } from './coverage-redraw.ts';

/** Element widths in modules (bar first), as Code 128's start B and a few characters have them. */
const elements = [2, 1, 1, 2, 1, 4, 1, 1, 3, 1, 2, 3, 2, 2, 1, 2, 3, 1, 1, 3, 2];

/**
 * The elements printed black on white from `start` px at `module` px a module, and sampled by pixels
 * that average the light over their area (as a sensor's do): the true edges, and the image, rows of
 * the same line (vertical bars) or its transpose (horizontal bars).
 */
function areaSampled(module: number, start: number, bars: 'vertical' | 'horizontal'): { image: GrayImage; edges: number[] } {
  const length = Math.ceil(start * 2 + elements.reduce((a, b) => a + b, 0) * module);
  const edges: number[] = [];
  let at = start;
  for (const width of elements) {
    edges.push(at);
    at += width * module;
  }
  edges.push(at);
  const line = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    // The share of pixel [i, i + 1) that is black: the bars are the even elements.
    let black = 0;
    for (let e = 0; e < edges.length - 1; e += 2) black += Math.max(0, Math.min(i + 1, edges[e + 1]!) - Math.max(i, edges[e]!));
    line[i] = Math.round(255 * (1 - black));
  }
  const lines = 12;
  const data = new Uint8Array(length * lines);
  for (let l = 0; l < lines; l++) {
    for (let i = 0; i < length; i++) data[bars === 'vertical' ? l * length + i : i * lines + l] = line[i]!;
  }
  const image = bars === 'vertical' ? { width: length, height: lines, data } : { width: lines, height: length, data };
  return { image, edges };
}

/** The positions where a line of the drawing changes colour, in source pixels. */
function drawnEdges(drawing: GrayImage, bars: 'vertical' | 'horizontal', line: number, factor: number): number[] {
  const length = bars === 'vertical' ? drawing.width : drawing.height;
  const at = (i: number) => drawing.data[bars === 'vertical' ? line * drawing.width + i : i * drawing.width + line]!;
  const edges: number[] = [];
  for (let i = 1; i < length; i++) if (at(i) !== at(i - 1)) edges.push(i / factor);
  return edges;
}

describe('coverageRedraw', () => {
  for (const bars of ['vertical', 'horizontal'] as const) {
    it(`places the edges of modules 1.2 px wide within their pixels (${bars} bars)`, () => {
      const { image, edges } = areaSampled(1.2, 10.3, bars);
      const { image: drawing, toSource } = coverageRedraw(image, { bars, factor: 4 });
      expect(bars === 'vertical' ? drawing.width : drawing.height).toBe((bars === 'vertical' ? image.width : image.height) * 4);
      const drawn = drawnEdges(drawing, bars, 6, 4);
      expect(drawn).toHaveLength(edges.length);
      // Every edge within a quarter pixel (the drawing's own step) of the truth …
      for (const [i, edge] of edges.entries()) expect(Math.abs(drawn[i]! - edge)).toBeLessThanOrEqual(0.25 + 1e-9);
      // … where thresholding whole pixels at mid-grey puts some half a pixel off or more.
      const thresholded = { width: image.width, height: image.height, data: image.data.map((v) => (v < 128 ? 0 : 255)) };
      const cut = drawnEdges(thresholded, bars, 6, 1);
      expect(cut).toHaveLength(edges.length);
      expect(Math.max(...edges.map((edge, i) => Math.abs(cut[i]! - edge)))).toBeGreaterThanOrEqual(0.5);
      // The drawing maps back to the source.
      const along = bars === 'vertical' ? { x: 8, y: 6 } : { x: 6, y: 8 };
      expect(applyAffine(toSource, along)).toEqual(bars === 'vertical' ? { x: 2, y: 6 } : { x: 6, y: 2 });
    });
  }

  it('draws flat paper, and a flat dark background, white', () => {
    const paper = { width: 40, height: 4, data: new Uint8Array(160).fill(230) };
    expect(coverageRedraw(paper).image.data.every((v) => v === 255)).toBe(true);
    const table = { width: 40, height: 4, data: new Uint8Array(160).fill(30) };
    expect(coverageRedraw(table).image.data.every((v) => v === 255)).toBe(true);
  });
});

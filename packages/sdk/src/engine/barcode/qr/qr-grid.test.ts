import { beforeAll, describe, expect, it } from 'vitest';
import { composeScene, crumpledQrLabel, crumpledQrScene, keystone, renderBarcode, type RenderedBarcode } from '@idlens/test-support/engine/barcode-scenes.ts';
import { type Affine, applyAffine } from '../../image/affine.ts';
import { grayToFrame, toGray, type GrayImage } from '../../image/gray-image.ts';
import { loadZxingNode } from '../../../runtime/zxing-node.ts';
import { binarizeLocalContrast, localContrast } from '../frames/local-contrast.ts';
import { locateQrSymbols, type QrFinders } from './qr-finder-crops.ts';
import { drawQrGrid, equalizedModules, fitQrGrid, qrGridRules, qrSideCandidates, type FittedQrGrid } from './qr-grid.ts';
import { functionModule } from './qr-function-patterns.ts';
import type { ZxingReader } from '../zxing-reader.ts';

/** A QR symbol read module by module along a grid fitted to it, redrawn clean and upright with its modules as sampled. */
const resampleQrSymbol = (normalized: GrayImage, finders: QrFinders, side: number) => drawQrGrid(fitQrGrid(normalized, finders, side), 'sampled')!;

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

const { text, moduleSize, quietZone } = crumpledQrLabel;

/** `crumpledQrScene`, with its local-contrast image and the symbol its finder patterns locate. */
async function crumpledScene(amplitude: number, seed: number) {
  const { label, scene } = await crumpledQrScene(amplitude, seed);
  const normalized = localContrast(toGray(scene.frame), 19);
  const [symbol] = locateQrSymbols(binarizeLocalContrast(normalized));
  return { label, scene, normalized, symbol: symbol! };
}

/** Modules of the redrawn symbol that differ from the written one. */
function wrongModules(redrawn: GrayImage, label: RenderedBarcode, side: number): number {
  const { drawnModule, drawnQuietZone } = qrGridRules;
  let wrong = 0;
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      const drawn = redrawn.data[((v + drawnQuietZone) * drawnModule + 2) * redrawn.width + (u + drawnQuietZone) * drawnModule + 2]! < 128;
      const written = label.data[((v + quietZone) * moduleSize + 2) * label.width + (u + quietZone) * moduleSize + 2]! < 128;
      if (drawn !== written) wrong++;
    }
  }
  return wrong;
}

async function decodes(image: GrayImage): Promise<boolean> {
  const results = await zxing.readBarcodes(grayToFrame(image), { formats: ['QRCode'] });
  return results.some((r) => r.isValid && r.text === text);
}

describe('qrSideCandidates', () => {
  const finders = (leg: number, module = 5) => ({ corner: { x: 100, y: 100 }, right: { x: 100 + leg, y: 100 }, down: { x: 100, y: 100 + leg }, module });

  it('puts the side the finder distance suggests first, then a version either way', () => {
    // Version 3: 29 modules, finder centres 22 apart.
    expect(qrSideCandidates(finders(22 * 5))).toEqual([29, 25, 33]);
    // A crumpled symbol's finders a module and a half off still suggest it.
    expect(qrSideCandidates(finders(23.5 * 5))).toEqual([29, 25, 33]);
  });

  it('stays within version 1 and the largest side it resamples', () => {
    expect(qrSideCandidates(finders(14 * 5))).toEqual([21, 25]);
    expect(qrSideCandidates(finders((qrGridRules.maxSide - 7) * 5))).toEqual([qrGridRules.maxSide, qrGridRules.maxSide - 4]);
    expect(qrSideCandidates(finders((qrGridRules.maxSide + 4 - 7) * 5))).toEqual([qrGridRules.maxSide]);
  });
});

describe('resampleQrSymbol', () => {
  it('redraws a flat symbol module for module', async () => {
    const { label, normalized, symbol } = await crumpledScene(0, 1);
    const { image } = resampleQrSymbol(normalized, symbol.finders, 29);
    expect(wrongModules(image, label, 29)).toBe(0);
  });

  it.each([2, 4, 12])('redraws a crumpled symbol (seed %i) that zxing cannot read in the scene so that it reads', async (seed) => {
    const { label, scene, normalized, symbol } = await crumpledScene(4.5, seed);
    const inScene = await zxing.readBarcodes(scene.frame, { formats: ['QRCode'], tryHarder: true });
    expect(inScene.filter((r) => r.isValid)).toEqual([]);
    const { image } = resampleQrSymbol(normalized, symbol.finders, 29);
    // Error correction mends the few modules the fit gets wrong.
    expect(wrongModules(image, label, 29)).toBeLessThan(29 * 29 * 0.06);
    expect(await decodes(image)).toBe(true);
  });

  it('follows the perspective of a symbol seen at a slant through its alignment pattern', async () => {
    const slanted = 'https://idlens.example/slanted?id=0042&a=very-long-parameter-value-to-grow-the-version';
    const label = await renderBarcode('QRCode', slanted, { moduleSize, quietZone });
    // Version 5, 37 modules; the top edge 10 % of the width narrower on each side.
    const scene = await composeScene(keystone(label, 0.1), { width: 400, height: 300, angle: 10, blur: 0.8, noise: 4, seed: 3 });
    const normalized = localContrast(toGray(scene.frame), 19);
    const [symbol] = locateQrSymbols(binarizeLocalContrast(normalized));
    expect(qrSideCandidates(symbol!.finders)[0]).toBe(37);
    const { image, toSource } = resampleQrSymbol(normalized, symbol!.finders, 37);
    const results = await zxing.readBarcodes(grayToFrame(image), { formats: ['QRCode'] });
    expect(results.map((r) => r.text)).toEqual([slanted]);
    // No affine map hits all four corners of a slanted symbol; the one back is off by two modules at most.
    expectCornersMappedBack(toSource, 37, scene.corners, 2 * moduleSize);
  });

  it('maps the redrawn symbol’s corners back to the symbol’s in the image, within two modules', async () => {
    const { scene, normalized, symbol } = await crumpledScene(4.5, 4);
    const { toSource } = resampleQrSymbol(normalized, symbol.finders, 29);
    expectCornersMappedBack(toSource, 29, scene.corners, 2 * moduleSize);
  });

  it('reads a symbol whose alignment pattern is blanked out: the finders’ map stands rather than one bent to data', async () => {
    const { label, normalized, symbol } = await crumpledScene(0, 1);
    // Version 3: the alignment pattern's 5×5 modules centred 6.5 modules in from the bottom-right
    // corner, painted over with the local mean (neither dark nor light) in the image the fit reads.
    const blanked = paintModules(normalized, symbol.finders, 20, 20, 128);
    const { image } = resampleQrSymbol(blanked, symbol.finders, 29);
    // The 25 blanked modules may come out either way; the rest are read right.
    expect(wrongModules(image, label, 29)).toBeLessThanOrEqual(25);
    expect(await decodes(image)).toBe(true);
  });

  it('draws the finder patterns as the standard fixes them, whatever their samples say', async () => {
    const { label, normalized, symbol } = await crumpledScene(0, 1);
    // The top-right finder's inner 5×5 modules (its light ring round the dark core: modules 23–27 of
    // rows 1–5 of version 3's 29) painted dark in the image the fit reads: sampled, it would leave
    // zxing no finder to find there.
    const darkened = paintModules(normalized, symbol.finders, 23, 1, 0);
    const { image } = resampleQrSymbol(darkened, symbol.finders, 29);
    expect(wrongModules(image, label, 29)).toBe(0);
    expect(await decodes(image)).toBe(true);
  });

  it('resamples only the side lengths QR symbols have, up to its largest', async () => {
    const { normalized, symbol } = await crumpledScene(0, 1);
    for (const side of [20, 27, 61, 28.5]) expect(() => resampleQrSymbol(normalized, symbol.finders, side)).toThrow(RangeError);
  });

  it('redraws nothing readable at a side the symbol does not have', async () => {
    const { normalized, symbol } = await crumpledScene(0, 1);
    for (const side of [25, 33]) expect(await decodes(resampleQrSymbol(normalized, symbol.finders, side).image)).toBe(false);
  });
});

/**
 * A copy of the version 3 symbol's image with the 5×5 modules from (`u0`, `v0`) painted `level`,
 * the modules placed where the flat symbol's fit puts them.
 */
function paintModules(normalized: GrayImage, finders: QrFinders, u0: number, v0: number, level: number): GrayImage {
  const painted = { ...normalized, data: normalized.data.slice() };
  const { toSource } = resampleQrSymbol(normalized, finders, 29);
  const { drawnModule, drawnQuietZone } = qrGridRules;
  for (let v = v0; v < v0 + 5; v += 0.1) {
    for (let u = u0; u < u0 + 5; u += 0.1) {
      const p = applyAffine(toSource, { x: (u + drawnQuietZone) * drawnModule, y: (v + drawnQuietZone) * drawnModule });
      painted.data[Math.floor(p.y) * painted.width + Math.floor(p.x)] = level;
    }
  }
  return painted;
}

/** The redrawn symbol's corners, mapped back by `toSource`, lie within `tolerance` px of the symbol's in the scene. */
function expectCornersMappedBack(toSource: Affine, side: number, corners: Array<{ x: number; y: number }>, tolerance: number): void {
  const { drawnModule, drawnQuietZone } = qrGridRules;
  const [start, end] = [drawnQuietZone * drawnModule, (drawnQuietZone + side) * drawnModule];
  const drawn = [
    { x: start, y: start },
    { x: end, y: start },
    { x: end, y: end },
    { x: start, y: end },
  ];
  drawn.forEach((corner, i) => {
    const mapped = applyAffine(toSource, corner);
    expect(Math.hypot(mapped.x - corners[i]!.x, mapped.y - corners[i]!.y)).toBeLessThan(tolerance);
  });
}

describe('equalizedModules', () => {
  /**
   * A version 2 symbol's module levels as a grid fitted at two pixels a module samples them: a dark
   * module 150 levels below the paper's 200, and every module darkened 25 levels by each dark
   * 4-neighbour and 10 by each dark diagonal one (the blur spreading modules into each other). Its
   * data modules are a seeded random pattern; its function patterns are the standard's.
   */
  function bledSymbol(): { grid: FittedQrGrid; dark: Uint8Array } {
    const side = 25;
    const dark = new Uint8Array(side * side);
    let seed = 7;
    for (let v = 0; v < side; v++) {
      for (let u = 0; u < side; u++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        dark[v * side + u] = (functionModule(side, u, v) ?? seed >>> 31 === 1) ? 1 : 0;
      }
    }
    const isDark = (u: number, v: number) => u >= 0 && v >= 0 && u < side && v < side && dark[v * side + u] === 1;
    const levels = new Float64Array(side * side);
    for (let v = 0; v < side; v++) {
      for (let u = 0; u < side; u++) {
        const straight = [isDark(u - 1, v), isDark(u + 1, v), isDark(u, v - 1), isDark(u, v + 1)].filter(Boolean).length;
        const diagonal = [isDark(u - 1, v - 1), isDark(u + 1, v - 1), isDark(u - 1, v + 1), isDark(u + 1, v + 1)].filter(Boolean).length;
        levels[v * side + u] = 200 - 150 * dark[v * side + u]! - 25 * straight - 10 * diagonal;
      }
    }
    return { grid: { side, levels, moduleToImage: [1, 0, 0, 0, 1, 0] }, dark };
  }

  it('tells light modules between dark ones light, where their own levels fall below mid-grey', () => {
    const { grid, dark } = bledSymbol();
    const wrongData = (decided: Uint8Array) =>
      [...decided].filter((d, i) => functionModule(grid.side, i % grid.side, Math.floor(i / grid.side)) === undefined && d !== dark[i]).length;
    // Thresholded at mid-grey, light modules with three or four dark neighbours read dark.
    const sampled = Uint8Array.from(grid.levels, (level) => (level < 128 ? 1 : 0));
    expect(wrongData(sampled)).toBeGreaterThan(5);
    expect(wrongData(equalizedModules(grid))).toBe(0);
  });

  it('draws the equalized modules only where they differ from the sampled ones', () => {
    const { grid, dark } = bledSymbol();
    expect(drawQrGrid(grid, 'equalized')).toBeDefined();
    // Levels with no bleeding: the threshold is right everywhere, and the equalized drawing is the same one.
    const clean = { ...grid, levels: Float64Array.from(dark, (d) => (d ? 50 : 200)) };
    expect(drawQrGrid(clean, 'sampled')).toBeDefined();
    expect(drawQrGrid(clean, 'equalized')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { composeScene, type Point, renderBarcode } from '@idlens/test-support/engine/barcode-scenes.ts';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { binarizeLocalContrast, localContrast } from '../frames/local-contrast.ts';
import { highlight, printedUnderLight } from '@idlens/test-support/highlight.ts';
import { type GrayImage, toGray } from '../../image/gray-image.ts';
import { findFinderPatterns, locateQrSymbols } from './qr-finder-crops.ts';

/** The image as the finder search sees it: its local contrast, binarized. */
const localThreshold = (image: GrayImage, radius: number) => binarizeLocalContrast(localContrast(image, radius));

describe('locateQrSymbols', () => {
  it.each([0, 30, -70, 180])('finds a QR symbol turned by %i° and gives its upright square', async (angle) => {
    const code = await renderBarcode('QRCode', 'https://example.org/finder', { moduleSize: 5, quietZone: 4 });
    const scene = await composeScene(code, { width: 800, height: 600, angle, blur: 0.8, noise: 4 });
    const symbols = locateQrSymbols(localThreshold(toGray(scene.frame), 40));
    expect(symbols).toHaveLength(1);
    const { rect, finders } = symbols[0]!;
    const { module } = finders;
    const centre = { x: scene.corners.reduce((s, p) => s + p.x, 0) / 4, y: scene.corners.reduce((s, p) => s + p.y, 0) / 4 };
    expect(Math.hypot(rect.centre.x - centre.x, rect.centre.y - centre.y)).toBeLessThan(10);
    expect(module).toBeGreaterThan(4);
    expect(module).toBeLessThan(6.5);
    // Upright: the crop's x axis runs along the symbol's top edge (the scene turns counter-clockwise).
    const turn = ((((rect.angle + angle) % 360) + 540) % 360) - 180;
    expect(Math.abs(turn)).toBeLessThan(3);
    // The whole symbol plus a margin is inside the square.
    const side = Math.hypot(scene.corners[1]!.x - scene.corners[0]!.x, scene.corners[1]!.y - scene.corners[0]!.y);
    expect(rect.width).toBeGreaterThan(side);
  });

  it.each([
    { greyed: 'corner', angle: 25, levels: 160, edge: 'in the frame' },
    { greyed: 'right', angle: 0, levels: 200, edge: 'in the frame' },
    { greyed: 'right', angle: 0, levels: 190, edge: 'at the frame’s top edge' },
  ] as const)(
    'completes a symbol whose $greyed finder pattern glare greys out of the row scan (turned $angle°, $edge)',
    async ({ greyed, angle, levels, edge }) => {
      const code = await renderBarcode('QRCode', 'https://idlens.example/finder', { moduleSize: 5, quietZone: 4 });
      const scene = await composeScene(code, { width: 400, height: 300, angle, blur: 0.8, noise: 4 });
      // Finder centres lie 3.5 of the 25 modules in from the symbol's edges.
      const [topLeft, topRight, , bottomLeft] = scene.corners as [Point, Point, Point, Point];
      const inward = (from: Point, a: Point, b: Point) => ({
        x: from.x + ((a.x - from.x + b.x - from.x) * 3.5) / 25,
        y: from.y + ((a.y - from.y + b.y - from.y) * 3.5) / 25,
      });
      const centres = {
        corner: inward(topLeft, topRight, bottomLeft),
        right: inward(topRight, topLeft, scene.corners[2]!),
        down: inward(bottomLeft, topLeft, scene.corners[2]!),
      };
      let gray = underGlare(toGray(scene.frame), levels, centres[greyed]);
      if (edge !== 'in the frame') {
        // Cut the frame 3.6 modules above the greyed pattern's centre: the light ring around it runs off the image.
        const top = Math.floor(centres[greyed].y - 3.6 * 5);
        gray = { width: gray.width, height: gray.height - top, data: gray.data.slice(top * gray.width) };
        for (const c of Object.values(centres)) c.y -= top;
      }
      const binary = localThreshold(gray, 25);
      expect(findFinderPatterns(binary)).toHaveLength(2);
      const symbols = locateQrSymbols(binary);
      expect(symbols).toHaveLength(1);
      for (const role of ['corner', 'right', 'down'] as const) {
        const found = symbols[0]!.finders[role];
        expect(Math.hypot(found.x - centres[role].x, found.y - centres[role].y)).toBeLessThan(5);
      }
    },
  );

  it('completes no symbol from a pair of finder patterns whose third is gone', async () => {
    const code = await renderBarcode('QRCode', 'https://idlens.example/finder', { moduleSize: 5, quietZone: 4 });
    // The bottom-left pattern (7×7 modules from the quiet zone's edge) painted over white.
    const [q, m] = [4 * 5, 5];
    for (let y = code.height - q - 7 * m; y < code.height - q; y++) code.data.fill(255, y * code.width + q, y * code.width + q + 7 * m);
    const scene = await composeScene(code, { width: 400, height: 300, angle: 10, blur: 0.8, noise: 4 });
    const binary = localThreshold(toGray(scene.frame), 25);
    // The symbol's two patterns (the background's texture may add a speck of a pattern, far smaller).
    expect(findFinderPatterns(binary).filter((p) => p.module > 3)).toHaveLength(2);
    expect(locateQrSymbols(binary)).toEqual([]);
  });

  it('finds nothing in a chessboard or in random squares', () => {
    const chess = grayImage(400, 400, (x, y) => ((Math.floor(x / 12) + Math.floor(y / 12)) % 2 === 0 ? 20 : 235));
    let seed = 7;
    const cells = Array.from({ length: 33 * 33 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >> 16) % 2;
    });
    const squares = grayImage(400, 400, (x, y) => (cells[Math.floor(y / 12) * 33 + Math.floor(x / 12)] ? 20 : 235));
    expect(locateQrSymbols(localThreshold(chess, 25))).toEqual([]);
    expect(locateQrSymbols(localThreshold(squares, 25))).toEqual([]);
  });
});

/** The frame printed grey under a highlight of `levels` centred at `at`, saturating at white. */
function underGlare(gray: GrayImage, levels: number, at: Point): GrayImage {
  const light = highlight(gray.width, gray.height, levels, { x: at.x / gray.width, y: at.y / gray.height });
  const data = new Uint8Array(gray.data.length);
  for (let y = 0; y < gray.height; y++) {
    for (let x = 0; x < gray.width; x++) data[y * gray.width + x] = Math.min(255, printedUnderLight(gray.data[y * gray.width + x]!, light(x, y)));
  }
  return { width: gray.width, height: gray.height, data };
}

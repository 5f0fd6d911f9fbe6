import { describe, expect, it } from 'vitest';
import { composeScene, renderBarcode } from '../../../../../test/support/engine/barcode-scenes.ts';
import { grayImage } from '../../../../../test/support/engine/gray-images.ts';
import { toGray } from '../image/gray-image.ts';
import { localThreshold } from './local-contrast.ts';
import { locateQrSymbols } from './qr-finder-crops.ts';

describe('locateQrSymbols', () => {
  it.each([0, 30, -70, 180])('finds a QR symbol turned by %i° and gives its upright square', async (angle) => {
    const code = await renderBarcode('QRCode', 'https://example.org/finder', { moduleSize: 5, quietZone: 4 });
    const scene = await composeScene(code, { width: 800, height: 600, angle, blur: 0.8, noise: 4 });
    const symbols = locateQrSymbols(localThreshold(toGray(scene.frame), 40));
    expect(symbols).toHaveLength(1);
    const { rect, module } = symbols[0]!;
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

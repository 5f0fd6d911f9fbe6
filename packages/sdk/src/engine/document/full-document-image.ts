import type { MrzType } from '../../api/document.ts';
import type { Frame } from '../../core/frame.ts';
import { warpQuad } from '../image/warp-quad.ts';
import { encodePng } from '../image/png-encode.ts';
import type { LineQuad } from '../mrz/locate-mrz.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import { documentGeometry, documentQuad } from './document-geometry.ts';
import { pointInQuad } from '../image/point-in-quad.ts';

/** Widest returned document image, px. */
const maxWidth = 1600;

/**
 * The document cut out of the frame and straightened, as Base64 PNG, located from its MRZ.
 * With `maskMrz` the zone is blacked out (image anonymization: the MRZ repeats the numbers).
 */
export async function fullDocumentImage(frame: Frame, type: MrzType, lines: readonly LineQuad[], maskMrz: boolean): Promise<string> {
  const quad = documentQuad(type, lines);
  const g = documentGeometry[type];
  const sourceWidth = Math.hypot(quad[1]!.x - quad[0]!.x, quad[1]!.y - quad[0]!.y);
  const width = Math.max(16, Math.round(Math.min(maxWidth, sourceWidth)));
  const height = Math.max(16, Math.round((width * g.height) / g.width));
  const { frame: out, toSource } = warpQuad(frame, quad, width, height);
  if (maskMrz) {
    // The zone: every pixel whose source lies in one of the MRZ line boxes.
    const inside = lines.map((l) => pointInQuad(l.points));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const w = toSource[6] * (x + 0.5) + toSource[7] * (y + 0.5) + toSource[8];
        const sx = (toSource[0] * (x + 0.5) + toSource[1] * (y + 0.5) + toSource[2]) / w;
        const sy = (toSource[3] * (x + 0.5) + toSource[4] * (y + 0.5) + toSource[5]) / w;
        if (inside.some((f) => f(sx, sy))) out.data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      }
    }
  }
  return bytesToBase64(await encodePng(out));
}

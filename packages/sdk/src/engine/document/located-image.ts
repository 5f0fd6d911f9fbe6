import type { LocatedImageResult } from '../../api/document.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { encodePng } from '../image/png-encode.ts';
import { warpQuad } from '../image/warp-quad.ts';
import type { Corners } from './document-format.ts';

/**
 * A part of a side's photo as the spec's located image (`faceImage`, `signatureImage`): cut out
 * straight along its quad (top-left first) at about its resolution on the photo, at most `maxWidth`
 * px wide, Base64 PNG; `location` is the quad's axis-aligned box on the submitted image, in its
 * pixels. `shape` is the part's shape on the straightened document, not on the photo, where
 * perspective skews it.
 */
export async function locatedImage(
  frame: Frame,
  quad: Corners,
  shape: { width: number; height: number },
  side: 'FIRST' | 'SECOND',
  maxWidth: number,
): Promise<LocatedImageResult> {
  const width = Math.max(16, Math.round(Math.min(maxWidth, dist(quad[0], quad[1]))));
  const height = Math.max(16, Math.round((width * shape.height) / shape.width));
  const image = bytesToBase64(await encodePng(warpQuad(frame, quad, width, height).frame));
  return { image, location: boundingBox(quad, frame), side };
}

function boundingBox(quad: Corners, frame: Frame): LocatedImageResult['location'] {
  const xs = quad.map((p) => clamp(p.x, 0, frame.width));
  const ys = quad.map((p) => clamp(p.y, 0, frame.height));
  const x = Math.floor(Math.min(...xs));
  const y = Math.floor(Math.min(...ys));
  return { topLeftCorner: { x, y }, dimensions: { width: Math.ceil(Math.max(...xs)) - x, height: Math.ceil(Math.max(...ys)) - y } };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

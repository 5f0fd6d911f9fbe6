import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { maskedWarpPng } from '../image/masked-warp.ts';
import { id1Aspect } from './card-geometry.ts';
import type { CardOutline } from './locate-card.ts';

/** Widest returned card image (px): more than any field needs, far less than a 4K photo. */
const maxWidth = 1200;

/**
 * The card cut out of the frame along its outline and rectified to the ID-1 aspect (85.60×53.98),
 * as Base64 PNG. `masks` are frame-space quads (number, CVV, name, IBAN rows) painted black when
 * anonymization applies to images, so the hidden values never leave the engine in pixels either.
 */
export async function fullCardImage(frame: Frame, outline: CardOutline, masks: ReadonlyArray<readonly Point[]>): Promise<string> {
  const [tl, tr, , bl] = outline.points;
  const sourceWidth = Math.hypot(tr.x - tl.x, tr.y - tl.y);
  const sourceHeight = Math.hypot(bl.x - tl.x, bl.y - tl.y);
  // A card turned 90° in its text's frame (vertical card) keeps its portrait shape.
  const portrait = sourceHeight > sourceWidth;
  const long = Math.max(16, Math.round(Math.min(maxWidth, Math.max(sourceWidth, sourceHeight))));
  const short = Math.max(10, Math.round(long / id1Aspect));
  const [width, height] = portrait ? [short, long] : [long, short];
  return maskedWarpPng(frame, outline.points, width, height, masks);
}

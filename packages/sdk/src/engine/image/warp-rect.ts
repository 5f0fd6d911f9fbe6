import type { Affine, Point } from './affine.ts';
import type { GrayImage } from './gray-image.ts';
import { warpAffineGray } from './warp-affine.ts';

/** A rectangle at any angle: its centre, the direction of its width axis and its size, in pixels. */
export interface OrientedRect {
  centre: Point;
  /** Direction of the width axis in degrees, y pointing down (0 = along +x, 90 = along +y). */
  angle: number;
  width: number;
  height: number;
}

/**
 * Samples an oriented rectangle of the source into an upright image `scale` times its size, in one
 * bilinear pass: cut out, turn and rescale without materialising the rotated whole frame. Parts of
 * the rectangle outside the source get `fill` (white: reads as quiet zone).
 * Meant for scales ≥ ~0.5 (it point-samples; shrink further with `resize`).
 * Returns the map from the new image's coordinates to the source's.
 */
export function warpRect(source: GrayImage, rect: OrientedRect, scale = 1, fill = 255): { image: GrayImage; toSource: Affine } {
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  const radians = (rect.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const sx = rect.width / width;
  const sy = rect.height / height;
  const toSource: Affine = [
    cos * sx,
    -sin * sy,
    rect.centre.x - (cos * rect.width) / 2 + (sin * rect.height) / 2,
    sin * sx,
    cos * sy,
    rect.centre.y - (sin * rect.width) / 2 - (cos * rect.height) / 2,
  ];

  return { image: warpAffineGray(source, toSource, width, height, fill), toSource };
}

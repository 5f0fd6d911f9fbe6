import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';
import { warpAffineGray } from './warp-affine.ts';

/**
 * Rotates a gray image by `degrees` (counter-clockwise as seen on screen, i.e. with y pointing down
 * a positive angle turns the picture's content anticlockwise) about its centre, onto a canvas large
 * enough to hold all of it. Uncovered corners get `fill` (white by default: a barcode that reaches
 * the edge then still sees a quiet zone). Bilinear sampling keeps bar edges smooth.
 * Returns the map from the rotated image's coordinates to the source's.
 */
export function rotate(source: GrayImage, degrees: number, fill = 255): { image: GrayImage; toSource: Affine } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const width = Math.ceil(Math.abs(source.width * cos) + Math.abs(source.height * sin) - 1e-9);
  const height = Math.ceil(Math.abs(source.width * sin) + Math.abs(source.height * cos) - 1e-9);
  const sourceCx = source.width / 2;
  const sourceCy = source.height / 2;
  const cx = width / 2;
  const cy = height / 2;
  // Inverse map (output → source), as pixel-centre coordinates: turning the content anticlockwise
  // on screen (y down) means sampling the source clockwise.
  const toSource: Affine = [cos, -sin, sourceCx - cos * cx + sin * cy, sin, cos, sourceCy - sin * cx - cos * cy];

  return { image: warpAffineGray(source, toSource, width, height, fill), toSource };
}

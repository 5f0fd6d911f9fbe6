import type { Point } from '../../packages/sdk/src/engine/image/affine.ts';
import { applyHomography, homographyFromPoints, rectangleCorners } from '../../packages/sdk/src/engine/image/homography.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The spec's `location` of a located image (faceImage, signatureImage). */
export interface ImageLocation {
  topLeftCorner: { x: number; y: number };
  dimensions: { width: number; height: number };
}

/** Where a box of a document image lands on a photo of it (`corners`: the image's corners there): the box around its mapped corners. */
export function boxOnPhoto(box: Box, doc: { width: number; height: number }, corners: readonly Point[]): Box {
  const toPhoto = homographyFromPoints(rectangleCorners(doc.width, doc.height), corners);
  const pts = rectangleCorners(box.width, box.height, box.x, box.y).map((p) => applyHomography(toPhoto, p));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/** Intersection over union of a box and a returned location. */
export function locationIou(a: Box, { topLeftCorner: t, dimensions: d }: ImageLocation): number {
  const w = Math.min(a.x + a.width, t.x + d.width) - Math.max(a.x, t.x);
  const h = Math.min(a.y + a.height, t.y + d.height) - Math.max(a.y, t.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + d.width * d.height - w * h);
}

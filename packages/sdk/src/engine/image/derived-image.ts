import { composeAffine, identity, type Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/** A gray image derived from the original frame, with the map from its pixels back to the frame's. */
export interface DerivedImage {
  image: GrayImage;
  /** Maps a point of `image` to the same point in the original frame. */
  toOriginal: Affine;
}

/** The original gray image as the root of a chain of derived images. */
export function rootImage(image: GrayImage): DerivedImage {
  return { image, toOriginal: identity };
}

/**
 * Applies an operation that returns a new image plus the map from its pixels to its input's, and
 * chains the maps, so `toOriginal` still points into the original frame.
 */
export function derive(source: DerivedImage, result: { image: GrayImage; toSource: Affine }): DerivedImage {
  return { image: result.image, toOriginal: composeAffine(source.toOriginal, result.toSource) };
}

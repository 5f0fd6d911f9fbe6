import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';

/** One side of a document as given: its photo, and the document's outline found on it. */
export interface PhotographedSide {
  side: 'FIRST' | 'SECOND';
  frame: Frame;
  /** The document's outline on the photo (the whole image when it is already cropped), or null when not found. */
  outline: readonly Point[] | null;
}

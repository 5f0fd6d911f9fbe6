import type { Frame } from '../../../core/frame.ts';
import { rectangleCorners } from '../../image/homography.ts';
import type { LineReader } from '../../ocr/create-line-reader.ts';
import { cropTextLine } from '../../ocr/crop-text-line.ts';
import type { Box } from './printed-fields.ts';

/**
 * Height the second reading cuts a line at: smaller than the first reading's 48 px, so the reader
 * sees the same print at another scale and from the line's upright box instead of the detector's
 * quad. Chosen on generated documents (seeds 400001–400120, never used to train or calibrate; the
 * value read alone with a margin disagreed far more often with right readings — docs/documents.md).
 */
export const secondLookHeight = 40;

/** A value to read again: its field, its text as first read, and the box of the line it lies in. */
export interface SecondLookValue {
  field: string;
  text: string;
  line: Box;
}

/**
 * Reads the lines of these values again at another scale and says of each value whether that
 * reading still holds it. A value the reader reads one way at one scale and another way at the
 * next is a misread of one of the two: the caller marks it uncertain instead of returning a guess.
 */
export async function secondReadingsAgree(reader: LineReader, page: Frame, values: readonly SecondLookValue[]): Promise<boolean[]> {
  if (values.length === 0) return [];
  const crops = values.map(({ line }) =>
    cropTextLine(page, { points: rectangleCorners(line.width, line.height, line.x, line.y), width: line.width, height: line.height }, secondLookHeight),
  );
  const readings = await reader.read(crops);
  return values.map((value, i) => readingHolds(readings[i]!.text, value));
}

/**
 * Whether a line's second reading holds the value: its letters (accents and all) and digits in
 * order, spaces and signs aside. In dates and numbers the letters that look like digits count as
 * those digits (08 read O8 is the same date); in names every letter counts, so Č against Ć is a
 * disagreement.
 */
export function readingHolds(reading: string, value: Pick<SecondLookValue, 'field' | 'text'>): boolean {
  const digitsLike = /^date|Number$/.test(value.field);
  const comparable = (s: string) => {
    const kept = s.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
    return digitsLike ? kept.replace(/[OQD]/g, '0').replace(/[IL]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2') : kept;
  };
  return comparable(reading).includes(comparable(value.text));
}

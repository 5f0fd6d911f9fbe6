import type { DateResult } from '../../api/common.ts';
import type { DocumentDate, Location, StringResult } from '../../api/document.ts';
import type { Point } from '../image/affine.ts';

/** A Latin-script field value and where it was read (the other alphabets empty). */
export function stringResult(latin: string, latinLocation: Location | null): StringResult {
  return { latin, cyrillic: null, arabic: null, greek: null, latinLocation, cyrillicLocation: null, arabicLocation: null, greekLocation: null };
}

/** A parsed date as a document date: its original string becomes a StringResult at `at`. */
export function documentDate(date: DateResult | null, at: Location | null): DocumentDate | null {
  if (!date) return null;
  return { ...date, originalString: date.originalString === null ? null : stringResult(date.originalString, at) };
}

/** The axis-aligned box around `points` on a side's image, to 0.1 px; null without points. */
export function locationAround(points: readonly Point[], side: 'FIRST' | 'SECOND'): Location | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const round = (v: number) => Math.round(v * 10) / 10;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { topLeftCorner: { x: round(x), y: round(y) }, dimensions: { width: round(Math.max(...xs) - x), height: round(Math.max(...ys) - y) }, side };
}

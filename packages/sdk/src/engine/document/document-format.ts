import type { MrzType } from '../../api/document.ts';
import type { Point } from '../image/affine.ts';

/** ISO/IEC 7810 sizes (mm): ID-1 cards, ID-2 cards and visas, ID-3 passport pages. */
export const documentFormats = {
  'ID-1': { width: 85.6, height: 53.98 },
  'ID-2': { width: 105, height: 74 },
  'ID-3': { width: 125, height: 88 },
} as const;
export type DocumentFormat = keyof typeof documentFormats;

/** A document's four corners: top-left, top-right, bottom-right, bottom-left. */
export type Corners = [Point, Point, Point, Point];

const formatOfMrz: Record<MrzType, DocumentFormat> = { TD1: 'ID-1', TD2: 'ID-2', MRVB: 'ID-2', TD3: 'ID-3', MRVA: 'ID-3' };

/** Between ID-1 (1.586) and ID-2/ID-3 (1.419, 1.420): an outline this long or longer is taken for a card. */
const cardAspectFrom = 1.5;

/**
 * The document's format: from its MRZ when one was read on that side, else from the outline's
 * long/short ratio (ID-2 and ID-3 have the same shape, so without an MRZ the page is called ID-3).
 */
export function documentFormat(points: readonly Point[], mrzType: MrzType | null): DocumentFormat {
  if (mrzType) return formatOfMrz[mrzType];
  const { across, down } = sideLengths(points);
  return Math.max(across, down) / Math.min(across, down) >= cardAspectFrom ? 'ID-1' : 'ID-3';
}

/** Mean length of a quad's top and bottom edges (`across`) and of its left and right edges (`down`); corners top-left first. */
export function sideLengths(points: readonly Point[]): { across: number; down: number } {
  const [a, b, c, d] = points as [Point, Point, Point, Point];
  return { across: (dist(a, b) + dist(d, c)) / 2, down: (dist(a, d) + dist(b, c)) / 2 };
}

/**
 * The outline's corners reordered so the first is the document's top-left: the top edge runs along
 * `readingDirection` (the MRZ's) when given, otherwise along the longer sides, starting from the
 * corner nearest the photo's top-left (a document is seldom photographed upside down).
 */
export function uprightCorners(points: readonly Point[], readingDirection: Point | null): Corners {
  const turns = [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((i) => points[(r + i) % 4]!) as Corners);
  if (readingDirection) {
    const along = (q: Point[]) => ((q[1]!.x - q[0]!.x) * readingDirection.x + (q[1]!.y - q[0]!.y) * readingDirection.y) / dist(q[0]!, q[1]!);
    return turns.reduce((best, q) => (along(q) > along(best) ? q : best));
  }
  const landscape = turns.filter((q) => dist(q[0], q[1]) + dist(q[3], q[2]) >= dist(q[0], q[3]) + dist(q[1], q[2]));
  return landscape.reduce((best, q) => (q[0].x + q[0].y < best[0].x + best[0].y ? q : best));
}

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

import type { MrzType } from '../../api/document.ts';
import type { Point } from '../image/affine.ts';
import type { LineQuad } from '../mrz/locate-mrz.ts';

/**
 * ICAO 9303 document sizes (mm) and where the MRZ sits on them: MRZ symbols are 2.54 mm apart, the
 * zone is centred across the document and its last line's centre lies `bottom` mm above the edge.
 * Approximate (tolerances are ±1 mm) — enough to cut out and straighten the document around it.
 */
export const documentGeometry: Record<MrzType, { width: number; height: number; bottom: number; length: number }> = {
  TD1: { width: 85.6, height: 53.98, bottom: 4.8, length: 30 },
  TD2: { width: 105, height: 74, bottom: 5.6, length: 36 },
  TD3: { width: 125, height: 88, bottom: 6.2, length: 44 },
  MRVA: { width: 120, height: 80, bottom: 6.2, length: 44 },
  MRVB: { width: 105, height: 74, bottom: 5.6, length: 36 },
};

/** Pitch of MRZ symbols, mm. */
const pitchMm = 2.54;

/**
 * The document's outline (top-left, top-right, bottom-right, bottom-left) in frame coordinates,
 * extrapolated from its MRZ lines (fitted to the ink, 0.6 text heights of margin each side).
 */
export function documentQuad(type: MrzType, lines: readonly LineQuad[]): Point[] {
  const g = documentGeometry[type];
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const [tl, tr] = first.points;
  const u = { x: (tr.x - tl.x) / first.width, y: (tr.y - tl.y) / first.width };
  const v = { x: -u.y, y: u.x };
  const textHeight = first.height / (1 + 2 * (4 / 24));
  const ink = first.width - 2 * 0.6 * textHeight;
  const mm = ink / ((g.length - 0.2) * pitchMm);
  // Ink starts at the MRZ's left edge, (width − length·pitch)/2 from the document's.
  const inkStart = { x: tl.x + u.x * 0.6 * textHeight, y: tl.y + u.y * 0.6 * textHeight };
  const leftMm = (g.width - g.length * pitchMm) / 2;
  const lastCentre = {
    x: (last.points[0].x + last.points[3].x) / 2 + u.x * 0.6 * textHeight,
    y: (last.points[0].y + last.points[3].y) / 2 + u.y * 0.6 * textHeight,
  };
  // Distance across (along v) from the first line's ink start to the last line's centre.
  const across = (lastCentre.x - inkStart.x) * v.x + (lastCentre.y - inkStart.y) * v.y;
  const at = (alongMm: number, acrossPx: number): Point => ({
    x: inkStart.x + u.x * alongMm * mm + v.x * acrossPx,
    y: inkStart.y + u.y * alongMm * mm + v.y * acrossPx,
  });
  const bottom = across + g.bottom * mm;
  const top = bottom - g.height * mm;
  return [at(-leftMm, top), at(g.width - leftMm, top), at(g.width - leftMm, bottom), at(-leftMm, bottom)];
}

import type { LocatedImageResult } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import type { Corners } from '../document-format.ts';
import { locatedImage } from '../located-image.ts';
import type { VisualZoneReading } from './read-visual-zone.ts';

/** Widest returned signature, px. */
const maxSignatureWidth = 640;

/**
 * `signatureImage`: the ink standing beside or under a signature label (`Signature`,
 * `Unterschrift`, EU licence field 7…) on the first side that prints one, cut out straight from the
 * photo. Null when no side labels a signature or nothing stands there: found by the layout's own
 * label, never by a fixed position, so a blank signature area gives no image.
 */
export async function signatureImage(readings: readonly VisualZoneReading[], frameOf: (side: 'FIRST' | 'SECOND') => Frame): Promise<LocatedImageResult | null> {
  for (const reading of readings) {
    const signature = reading.fields.find((f) => f.field === 'signature');
    if (!signature) continue;
    return locatedImage(frameOf(reading.side), signature.corners as Corners, signature.box, reading.side, maxSignatureWidth);
  }
  return null;
}

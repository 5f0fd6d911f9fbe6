import type { DocumentBarcode } from '../read-document-barcode.ts';
import type { VisualZoneReading } from '../visual/read-visual-zone.ts';
import type { FirstSideCertainty } from './first-side-certainty.ts';
import type { MrzSides } from './read-mrz-sides.ts';

/** What the `read` stage found on a document's sides, for `merge`, `judge` and the images. */
export interface DocumentReadings {
  mrz: MrzSides;
  barcode: DocumentBarcode | null;
  /** The printed fields of every side read for print. */
  visual: VisualZoneReading[];
  /** Some side's print gave a field. */
  printed: boolean;
  firstSide: FirstSideCertainty;
}

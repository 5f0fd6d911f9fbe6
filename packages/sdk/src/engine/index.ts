import type { BarcodeData, BarcodeOptions } from '../api/barcode.ts';
import type { CardData, CardOptions } from '../api/card.ts';
import type { DocumentData, DocumentOptions } from '../api/document.ts';
import type { IdBarcodeData } from '../api/id-barcode.ts';
import { readBarcode } from './barcode/read-barcode.ts';
import type { ZxingReader } from './barcode/zxing-reader.ts';
import { emptyCardData } from './card/empty-card-data.ts';
import { emptyDocumentData } from './document/empty-document-data.ts';
import { assertValidFrame, type Frame } from './frame.ts';
import { readIdBarcode } from './aamva/read-id-barcode.ts';

export * from './errors.ts';
export * from './frame.ts';
export type { ZxingReader } from './barcode/zxing-reader.ts';

/** Everything environment-specific, injected so that the engine runs unchanged in Node and browsers. */
export interface EngineRuntimes {
  zxing: ZxingReader;
}

export interface CardSides {
  cardNumberSide?: Frame | null;
  otherSide?: Frame | null;
}

export interface DocumentSides {
  first: Frame;
  second?: Frame | null;
}

/** The recognition engine: frames in, the spec's `data` objects out. */
export interface Engine {
  barcode(frame: Frame, options?: BarcodeOptions): Promise<BarcodeData>;
  idBarcode(frame: Frame): Promise<IdBarcodeData>;
  card(sides: CardSides, options?: CardOptions): Promise<CardData>;
  document(sides: DocumentSides, options?: DocumentOptions): Promise<DocumentData>;
}

export function createEngine({ zxing }: EngineRuntimes): Engine {
  return {
    async barcode(frame, options = {}) {
      assertValidFrame(frame);
      return readBarcode(zxing, frame, options);
    },
    async idBarcode(frame) {
      assertValidFrame(frame);
      return readIdBarcode(zxing, frame);
    },
    // Cards and documents need the OCR engine (separate issues); until then they answer EMPTY.
    async card(sides) {
      if (sides.cardNumberSide) assertValidFrame(sides.cardNumberSide, 'cardNumberSide');
      if (sides.otherSide) assertValidFrame(sides.otherSide, 'otherSide');
      return emptyCardData();
    },
    async document(sides) {
      assertValidFrame(sides.first, 'first');
      if (sides.second) assertValidFrame(sides.second, 'second');
      return emptyDocumentData();
    },
  };
}

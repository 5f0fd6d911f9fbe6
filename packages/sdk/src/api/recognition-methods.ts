import type { BarcodeData, BarcodeOptions } from './barcode.ts';
import type { CardData, CardOptions } from './card.ts';
import type { DocumentData, DocumentOptions } from './document.ts';
import type { IdBarcodeData } from './id-barcode.ts';

/** The two sides of a payment card, in whatever image form a layer takes. */
export interface CardSidesOf<TImage> {
  cardNumberSide?: TImage | null;
  otherSide?: TImage | null;
}

/** The sides of an identity document, in whatever image form a layer takes. */
export interface DocumentSidesOf<TImage> {
  first: TImage;
  second?: TImage | null;
}

/**
 * The four recognition operations, mirroring the server's endpoints: the spec's option names in,
 * the spec's `data` objects out. The engine (RGBA frames), the worker (transferable images) and the
 * browser recognizer (any image input) all implement it; only the image type differs.
 */
export interface RecognitionMethods<TImage> {
  barcode(image: TImage, options?: BarcodeOptions): Promise<BarcodeData>;
  idBarcode(image: TImage): Promise<IdBarcodeData>;
  card(sides: CardSidesOf<TImage>, options?: CardOptions): Promise<CardData>;
  document(sides: DocumentSidesOf<TImage>, options?: DocumentOptions): Promise<DocumentData>;
}

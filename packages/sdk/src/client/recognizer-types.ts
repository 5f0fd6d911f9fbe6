import type { BarcodeData, BarcodeOptions } from '../api/barcode.ts';
import type { CardData, CardOptions } from '../api/card.ts';
import type { DocumentData, DocumentOptions } from '../api/document.ts';
import type { IdBarcodeData } from '../api/id-barcode.ts';
import type { ImageInput } from './image-input.ts';

export interface CardInput {
  cardNumberSide?: ImageInput | null;
  otherSide?: ImageInput | null;
}

export interface DocumentInput {
  first: ImageInput;
  second?: ImageInput | null;
}

/**
 * The recognizer's four methods mirror the server's endpoints: the spec's request option names
 * in, the spec's `data` objects out — whether they run in the worker or on the server (fallback).
 */
export interface RecognizerMethods {
  barcode(image: ImageInput, options?: BarcodeOptions): Promise<BarcodeData>;
  idBarcode(image: ImageInput): Promise<IdBarcodeData>;
  card(sides: CardInput, options?: CardOptions): Promise<CardData>;
  document(sides: DocumentInput, options?: DocumentOptions): Promise<DocumentData>;
}

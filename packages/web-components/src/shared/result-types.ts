import type { Recognizer } from '@idlens/sdk/client';

/** All nine symbologies the engine reads (the SDK's own table). */
export { allSymbologies } from '@idlens/sdk/client';

/** The recognition `data` objects, as the SDK's recognizer returns them. */
export type BarcodeData = Awaited<ReturnType<Recognizer['barcode']>>;
export type IdBarcodeData = Awaited<ReturnType<Recognizer['idBarcode']>>;
export type CardData = Awaited<ReturnType<Recognizer['card']>>;
export type DocumentData = Awaited<ReturnType<Recognizer['document']>>;
export type BarcodeOptions = NonNullable<Parameters<Recognizer['barcode']>[1]>;
export type CardOptions = NonNullable<Parameters<Recognizer['card']>[1]>;
export type DocumentOptions = NonNullable<Parameters<Recognizer['document']>[1]>;

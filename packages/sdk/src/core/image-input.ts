import type { CardSidesOf, DocumentSidesOf } from '../api/recognition-methods.ts';
import type { Frame } from './frame.ts';

/** What the browser SDK accepts as an image: anything a page typically has at hand. */
export type ImageInput = ImageBitmap | ImageData | Blob | File | HTMLVideoElement | HTMLCanvasElement | HTMLImageElement | OffscreenCanvas | Frame;

/** The sides of a payment card as the browser SDK takes them. */
export type CardInput = CardSidesOf<ImageInput>;
/** The sides of an identity document as the browser SDK takes them. */
export type DocumentInput = DocumentSidesOf<ImageInput>;

import type { CardSidesOf, DocumentSidesOf, RecognitionMethods } from '../api/recognition-methods.ts';
import type { ImageInput } from './image-input.ts';

export type CardInput = CardSidesOf<ImageInput>;
export type DocumentInput = DocumentSidesOf<ImageInput>;

/**
 * The recognizer's four methods mirror the server's endpoints: the spec's request option names
 * in, the spec's `data` objects out — whether they run in the worker or on the server (fallback).
 */
export type RecognizerMethods = RecognitionMethods<ImageInput>;

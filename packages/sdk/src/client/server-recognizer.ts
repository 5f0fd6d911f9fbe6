import type { BarcodeData, BarcodeOptions } from '../api/barcode.ts';
import type { CardData, CardOptions } from '../api/card.ts';
import type { ImageSource } from '../api/common.ts';
import type { DocumentData, DocumentOptions } from '../api/document.ts';
import type { IdBarcodeData } from '../api/id-barcode.ts';
import type { CardSidesOf, DocumentSidesOf, RecognitionMethods } from '../api/recognition-methods.ts';
import { bytesToBase64 } from '../core/base64.ts';
import { encodeImage } from '../core/encode-image.ts';
import { IdlensError, isIdlensErrorCode } from '../core/errors.ts';
import { fetchWithRetry, type RetryOptions } from '../core/fetch-with-retry.ts';
import type { ImageInput } from '../core/image-input.ts';

export interface ServerRecognizerOptions {
  /** Base URL of an idlens server (the recognition endpoints sit at its root). */
  serverUrl: string | URL;
  /** Sent as `svc-api-key` when the operator configured keys. */
  apiKey?: string;
  retry?: RetryOptions;
}

/** A call's signal: aborting it aborts the request (and its retries). */
export interface ServerCall {
  signal?: AbortSignal;
}

/** The recognition methods over HTTP, each with an optional last `{ signal }`. */
export interface ServerRecognizer extends RecognitionMethods<ImageInput> {
  barcode(image: ImageInput, options?: BarcodeOptions, call?: ServerCall): Promise<BarcodeData>;
  idBarcode(image: ImageInput, call?: ServerCall): Promise<IdBarcodeData>;
  card(sides: CardSidesOf<ImageInput>, options?: CardOptions, call?: ServerCall): Promise<CardData>;
  document(sides: DocumentSidesOf<ImageInput>, options?: DocumentOptions, call?: ServerCall): Promise<DocumentData>;
}

/**
 * The recognizer's methods over the server's recognition endpoints — the fallback when the worker
 * or WASM cannot run, or on request. Same option names in, same `data` objects out. Recognition
 * has no side effects, so network failures and 503s are retried with back-off.
 */
export function createServerRecognizer({ serverUrl, apiKey, retry = {} }: ServerRecognizerOptions): ServerRecognizer {
  // Relative URLs (a reverse proxy on the page's origin, e.g. `/idlens/`) resolve against the page.
  const base = new URL(String(serverUrl).replace(/\/?$/, '/'), globalThis.location?.href).href;
  async function post<T>(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers['svc-api-key'] = apiKey;
    const res = await fetchWithRetry(
      new URL(path, base).href,
      { method: 'POST', headers, body: JSON.stringify(body) },
      { ...retry, idempotent: true, signal: signal ?? retry.signal },
    );
    const json = (await res.json().catch(() => null)) as { data?: T; code?: string; message?: string } | null;
    if (res.ok && json?.data) return json.data;
    const message = `${path}: HTTP ${res.status}${json?.message ? `: ${json.message}` : ''}`;
    throw new IdlensError(isIdlensErrorCode(json?.code) ? json.code : 'SERVER_ERROR', message, { status: res.status, serverCode: json?.code ?? null });
  }
  return {
    async barcode(image, options = {}, { signal } = {}) {
      return post('barcode', { ...options, image: await toImageSource(image) }, signal);
    },
    async idBarcode(image, { signal } = {}) {
      return post('id-barcode', { image: await toImageSource(image) }, signal);
    },
    async card({ cardNumberSide, otherSide }, options = {}, { signal } = {}) {
      const body = {
        ...options,
        cardNumberSide: cardNumberSide ? await toImageSource(cardNumberSide) : undefined,
        otherSide: otherSide ? await toImageSource(otherSide) : undefined,
      };
      return post('card', body, signal);
    },
    async document({ first, second }, options = {}, { signal } = {}) {
      if (!second) return post('document-single-side', { ...options, image: await toImageSource(first) }, signal);
      const body = { ...options, imageFirstSide: await toImageSource(first), imageSecondSide: await toImageSource(second) };
      return post('document-multi-side', body, signal);
    },
  };
}

async function toImageSource(input: ImageInput): Promise<ImageSource> {
  return { imageBase64: bytesToBase64(await encodeImage(input)) };
}

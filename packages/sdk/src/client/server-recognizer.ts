import type { ImageSource } from '../api/common.ts';
import type { RecognitionMethods } from '../api/recognition-methods.ts';
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

/**
 * The recognizer's methods over the server's recognition endpoints — the fallback when the worker
 * or WASM cannot run, or on request. Same option names in, same `data` objects out. Recognition
 * has no side effects, so network failures and 503s are retried with back-off.
 */
export function createServerRecognizer({ serverUrl, apiKey, retry = {} }: ServerRecognizerOptions): RecognitionMethods<ImageInput> {
  // Relative URLs (a reverse proxy on the page's origin, e.g. `/idlens/`) resolve against the page.
  const base = new URL(String(serverUrl).replace(/\/?$/, '/'), globalThis.location?.href).href;
  async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers['svc-api-key'] = apiKey;
    const res = await fetchWithRetry(new URL(path, base).href, { method: 'POST', headers, body: JSON.stringify(body) }, { ...retry, idempotent: true });
    const json = (await res.json().catch(() => null)) as { data?: T; code?: string; message?: string } | null;
    if (res.ok && json?.data) return json.data;
    const message = `${path}: HTTP ${res.status}${json?.message ? `: ${json.message}` : ''}`;
    throw new IdlensError(isIdlensErrorCode(json?.code) ? json.code : 'SERVER_ERROR', message, { status: res.status, serverCode: json?.code ?? null });
  }
  return {
    async barcode(image, options = {}) {
      return post('barcode', { ...options, image: await toImageSource(image) });
    },
    async idBarcode(image) {
      return post('id-barcode', { image: await toImageSource(image) });
    },
    async card({ cardNumberSide, otherSide }, options = {}) {
      return post('card', {
        ...options,
        cardNumberSide: cardNumberSide ? await toImageSource(cardNumberSide) : undefined,
        otherSide: otherSide ? await toImageSource(otherSide) : undefined,
      });
    },
    async document({ first, second }, options = {}) {
      if (!second) return post('document-single-side', { ...options, image: await toImageSource(first) });
      return post('document-multi-side', { ...options, imageFirstSide: await toImageSource(first), imageSecondSide: await toImageSource(second) });
    },
  };
}

async function toImageSource(input: ImageInput): Promise<ImageSource> {
  return { imageBase64: bytesToBase64(await encodeImage(input)) };
}

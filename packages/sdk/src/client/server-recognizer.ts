import type { ImageSource } from '../api/common.ts';
import { IdlensError, idlensErrorCodes, type IdlensErrorCode } from '../engine/errors.ts';
import { bytesToBase64 } from '../engine/util/base64.ts';
import { fetchWithRetry, type RetryOptions } from './fetch-with-retry.ts';
import type { ImageInput } from './image-input.ts';
import type { RecognizerMethods } from './recognizer-types.ts';

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
export function createServerRecognizer({ serverUrl, apiKey, retry = {} }: ServerRecognizerOptions): RecognizerMethods {
  // Relative URLs (a reverse proxy on the page's origin, e.g. `/idlens/`) resolve against the page.
  const base = new URL(String(serverUrl).replace(/\/?$/, '/'), globalThis.location?.href).href;
  async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers['svc-api-key'] = apiKey;
    const res = await fetchWithRetry(new URL(path, base).href, { method: 'POST', headers, body: JSON.stringify(body) }, { ...retry, idempotent: true });
    const json = (await res.json().catch(() => null)) as { data?: T; code?: string; message?: string } | null;
    if (res.ok && json?.data) return json.data;
    const code: IdlensErrorCode = json?.code && (idlensErrorCodes as readonly string[]).includes(json.code) ? (json.code as IdlensErrorCode) : 'SERVER_ERROR';
    throw new IdlensError(code, `${path}: HTTP ${res.status}${json?.message ? `: ${json.message}` : ''}`);
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

/** JPEG/PNG blobs are sent as they are; anything else is encoded as PNG (lossless: same pixels). */
export async function toImageSource(input: ImageInput): Promise<ImageSource> {
  return { imageBase64: bytesToBase64(await toEncodedBytes(input)) };
}

export async function toEncodedBytes(input: ImageInput): Promise<Uint8Array> {
  if (typeof Blob !== 'undefined' && input instanceof Blob) {
    const bytes = new Uint8Array(await input.arrayBuffer());
    if (isJpegOrPng(bytes)) return bytes;
    return toEncodedBytes(await createImageBitmap(input));
  }
  let canvas: OffscreenCanvas;
  const frame = input as { width: number; height: number; data?: unknown };
  if (frame.data instanceof Uint8ClampedArray) {
    canvas = new OffscreenCanvas(frame.width, frame.height);
    const ctx = canvas.getContext('2d')!;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(frame.data), frame.width, frame.height), 0, 0);
  } else {
    const bitmap = input instanceof ImageBitmap ? input : await createImageBitmap(input as ImageBitmapSource);
    canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

function isJpegOrPng(b: Uint8Array): boolean {
  return (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47);
}

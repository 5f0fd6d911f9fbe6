import type { ImageSource } from '@idlens/sdk/api';
import { ApiError } from '../errors.ts';

export interface ImageSourceReader {
  /** Fetches an imageUrl; absent when the operator turned URL fetching off. */
  fetchUrl: ((url: string) => Promise<Uint8Array>) | null;
  maxBytes: number;
}

/**
 * Turns one ImageSource into encoded image bytes. `field` names the request field in errors so a
 * client can tell which of several images was wrong.
 */
export async function readImageSource(source: ImageSource | null | undefined, field: string, reader: ImageSourceReader): Promise<Uint8Array> {
  const url = source?.imageUrl?.trim() || null;
  const base64 = source?.imageBase64 || null;
  if (url && base64) {
    throw new ApiError('IMAGE_SOURCE_AMBIGUOUS', `${field}: send either imageUrl or imageBase64, not both`);
  }
  if (base64) return decodeBase64Image(base64, field, reader.maxBytes);
  if (url) {
    if (!reader.fetchUrl) throw new ApiError('IMAGE_URL_FETCH_DISABLED', `${field}: this server does not fetch image URLs; send imageBase64`);
    return reader.fetchUrl(url);
  }
  throw new ApiError('IMAGE_MISSING', `${field}: an image is required (imageUrl or imageBase64)`);
}

const dataUrlPrefix = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.+-]+)*;base64,/i;
const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;

/** Accepts plain or `data:` Base64 (standard or URL-safe alphabet, whitespace ignored). */
export function decodeBase64Image(input: string, field: string, maxBytes: number): Uint8Array {
  let text = input.trim();
  const prefix = dataUrlPrefix.exec(text);
  if (prefix) text = text.slice(prefix[0].length);
  else if (/^data:/i.test(text)) throw new ApiError('IMAGE_BASE64_INVALID', `${field}: a data: URL must be Base64-encoded`);
  text = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (text.length === 0) throw new ApiError('IMAGE_MISSING', `${field}: imageBase64 is empty`);
  // Check the size before decoding so a huge string costs no allocation.
  if (Math.floor((text.length * 3) / 4) - 2 > maxBytes) {
    throw new ApiError('IMAGE_TOO_LARGE', `${field}: the image is larger than ${maxBytes} bytes`);
  }
  if (!base64Alphabet.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new ApiError('IMAGE_BASE64_INVALID', `${field}: imageBase64 is not valid Base64`);
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > maxBytes) throw new ApiError('IMAGE_TOO_LARGE', `${field}: the image is larger than ${maxBytes} bytes`);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

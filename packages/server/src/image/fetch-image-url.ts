import http from 'node:http';
import https from 'node:https';
import { ApiError } from '../errors.ts';
import { OutboundAddressRefused, parseOutboundUrl, pinnedLookup, resolveAllowedAddress, type ResolvedAddress } from '../net/outbound-address.ts';
import type { AddressPolicy } from '../net/ip-policy.ts';

export interface UrlFetchOptions {
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/**
 * Downloads an image URL without letting the URL reach internal services (SSRF):
 * http/https only; every address the name resolves to must be allowed; the socket connects to the
 * address that was checked (no second DNS answer, so no DNS rebinding); each redirect is checked
 * again; size and total time are capped.
 */
export async function fetchImageUrl(rawUrl: string, options: UrlFetchOptions): Promise<Uint8Array> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = parseUrl(rawUrl);
  for (let redirects = 0; ; redirects++) {
    const address = await resolveImageHost(url, options.policy);
    const response = await request(url, address, options.maxBytes, deadline);
    if (response.kind === 'body') return response.body;
    if (redirects >= options.maxRedirects) {
      throw new ApiError('IMAGE_URL_FETCH_FAILED', `imageUrl: more than ${options.maxRedirects} redirects`);
    }
    url = parseUrl(new URL(response.location, url).toString());
  }
}

function parseUrl(raw: string): URL {
  const parsed = parseOutboundUrl(raw);
  if ('url' in parsed) return parsed.url;
  if (parsed.problem === 'invalid') throw new ApiError('INVALID_REQUEST', 'imageUrl: not a valid absolute URL');
  throw new ApiError(
    'IMAGE_URL_NOT_ALLOWED',
    parsed.problem === 'scheme' ? 'imageUrl: only http and https URLs are fetched' : 'imageUrl: URLs with credentials are not fetched',
  );
}

/** The outbound policy's verdict as this endpoint's errors. */
async function resolveImageHost(url: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  try {
    return await resolveAllowedAddress(url, policy);
  } catch (error) {
    if (!(error instanceof OutboundAddressRefused)) throw error;
    throw new ApiError(error.reason === 'unresolved' ? 'IMAGE_URL_FETCH_FAILED' : 'IMAGE_URL_NOT_ALLOWED', `imageUrl: ${error.message}`);
  }
}

type RequestOutcome = { kind: 'body'; body: Uint8Array } | { kind: 'redirect'; location: string };

function request(url: URL, resolved: ResolvedAddress, maxBytes: number, signal: AbortSignal): Promise<RequestOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RequestOutcome>((resolve, reject) => {
    const fail = (message: string) => reject(new ApiError('IMAGE_URL_FETCH_FAILED', `imageUrl: ${message}`));
    const req = client.get(url, { lookup: pinnedLookup(resolved), signal, headers: { accept: 'image/jpeg, image/png' }, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        resolve({ kind: 'redirect', location: res.headers.location });
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        fail(`the server answered ${status}`);
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        reject(new ApiError('IMAGE_TOO_LARGE', `imageUrl: the image is larger than ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new ApiError('IMAGE_TOO_LARGE', `imageUrl: the image is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ kind: 'body', body: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', () => fail('the download was interrupted'));
    });
    req.on('error', (error) => {
      fail(signal.aborted ? 'the download timed out' : `the download failed (${(error as NodeJS.ErrnoException).code ?? 'network error'})`);
    });
  });
}

import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../errors.ts';
import type { AddressPolicy } from './ip-policy.ts';

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
    const address = await resolveAllowedAddress(url, options.policy);
    const response = await request(url, address, options.maxBytes, deadline);
    if (response.kind === 'body') return response.body;
    if (redirects >= options.maxRedirects) {
      throw new ApiError('IMAGE_URL_FETCH_FAILED', `imageUrl: more than ${options.maxRedirects} redirects`);
    }
    url = parseUrl(new URL(response.location, url).toString());
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('INVALID_REQUEST', 'imageUrl: not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError('IMAGE_URL_NOT_ALLOWED', 'imageUrl: only http and https URLs are fetched');
  }
  if (url.username || url.password) {
    throw new ApiError('IMAGE_URL_NOT_ALLOWED', 'imageUrl: URLs with credentials are not fetched');
  }
  return url;
}

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

async function resolveAllowedAddress(url: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const byName = policy.isHostAllowListed(hostname);
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(hostname, { all: true, verbatim: true })) as ResolvedAddress[];
    } catch {
      throw new ApiError('IMAGE_URL_FETCH_FAILED', 'imageUrl: the host name does not resolve');
    }
  }
  // One forbidden answer refuses the whole name: an attacker controls which answer a client uses.
  if (!byName && (addresses.length === 0 || addresses.some((a) => !policy.isAllowed(a.address)))) {
    throw new ApiError('IMAGE_URL_NOT_ALLOWED', 'imageUrl: the address is not a global unicast one (private, loopback, link-local, special-purpose…)');
  }
  return addresses[0]!;
}

type RequestOutcome = { kind: 'body'; body: Uint8Array } | { kind: 'redirect'; location: string };

function request(url: URL, resolved: ResolvedAddress, maxBytes: number, signal: AbortSignal): Promise<RequestOutcome> {
  // Pin the connection to the checked address; the Host header and TLS SNI still use the name.
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [resolved]);
    } else {
      callback(null, resolved.address, resolved.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RequestOutcome>((resolve, reject) => {
    const fail = (message: string) => reject(new ApiError('IMAGE_URL_FETCH_FAILED', `imageUrl: ${message}`));
    const req = client.get(url, { lookup: pinnedLookup, signal, headers: { accept: 'image/jpeg, image/png' }, agent: false }, (res) => {
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

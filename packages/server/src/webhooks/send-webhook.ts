import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { AddressPolicy } from '../net/ip-policy.ts';
import { OutboundAddressRefused, pinnedLookup, resolveAllowedAddress, type ResolvedAddress } from '../net/outbound-address.ts';
import { signWebhook } from './webhook-signature.ts';

export interface WebhookMessage {
  /** `webhook-id`. */
  id: string;
  /** The JSON body. */
  payload: string;
}

/** What one attempt gave: for the delivery log (never the response body, which may hold anything). */
export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** Why it was not delivered, in a few words; null when delivered. */
  error: string | null;
}

export interface SendOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  /** Seconds since the epoch, for `webhook-timestamp`. */
  nowSeconds: number;
  userAgent: string;
}

/** Rejects when `signal` aborts (a lookup cannot be cancelled: the attempt stops waiting for it). */
function abortOf(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/** How much of a receiver's answer is read (and thrown away) before the connection is closed. */
const maxResponseBytes = 64 * 1024;

/**
 * POSTs one signed message. Delivered = a 2xx answer within the timeout. The URL's host goes
 * through the outbound policy on every attempt (a name may point elsewhere since it was
 * registered) and the connection is pinned to the checked address. Redirects are not followed: a
 * 3xx is a failed attempt, as with other webhook senders, so a receiver cannot bounce the signed
 * request to an internal address.
 */
export async function sendWebhook(target: { url: string; secret: string }, message: WebhookMessage, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (statusCode: number | null, error: string | null): AttemptOutcome => ({
    delivered: error === null,
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    error,
  });
  const url = new URL(target.url);
  // One deadline for the whole attempt, name resolution included: the delivery's lease is sized by it.
  const signal = AbortSignal.timeout(options.timeoutMs);
  let address: ResolvedAddress;
  try {
    address = await Promise.race([resolveAllowedAddress(url, options.policy), abortOf(signal)]);
  } catch (error) {
    if (signal.aborted) return outcome(null, `timed out after ${options.timeoutMs} ms`);
    if (error instanceof OutboundAddressRefused) return outcome(null, error.reason === 'unresolved' ? 'the host name does not resolve' : 'address not allowed');
    throw error;
  }
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.payload)),
    'user-agent': options.userAgent,
    'webhook-id': message.id,
    'webhook-timestamp': String(options.nowSeconds),
    'webhook-signature': signWebhook(target.secret, message.id, options.nowSeconds, message.payload),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const req = client.request(url, { method: 'POST', lookup: pinnedLookup(address), signal, headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxResponseBytes) res.destroy();
      });
      const settle = () =>
        resolve(
          status >= 200 && status < 300
            ? outcome(status, null)
            : outcome(status, status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`),
        );
      res.on('end', settle);
      res.on('close', settle);
      res.on('error', settle);
    });
    req.on('error', (error) => {
      resolve(
        outcome(
          null,
          signal.aborted ? `timed out after ${options.timeoutMs} ms` : `connection failed (${(error as NodeJS.ErrnoException).code ?? 'network error'})`,
        ),
      );
    });
    req.end(message.payload);
  });
}

import type { Context } from 'hono';
import type { Release } from './pixel-budget.ts';

/**
 * Bytes of request bodies the process has admitted at once (recognition requests and step
 * submissions: the bodies that carry images). A body is reserved before a byte of it is read —
 * its declared Content-Length, or the endpoint's largest body when it is sent chunked — and held
 * until its request is answered. What does not fit is refused at once (503 + Retry-After), so a
 * flood of large bodies costs the server nothing but the refusals.
 */
export interface BodyBudget {
  /** Reserves `bytes`, or answers null when they do not fit now. */
  tryReserve(bytes: number): Release | null;
  status(): { bytesInFlight: number; maxBytesInFlight: number };
}

export function createBodyBudget(maxBytesInFlight: number): BodyBudget {
  let inFlight = 0;
  return {
    tryReserve(bytes) {
      if (inFlight + bytes > maxBytesInFlight) return null;
      inFlight += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= bytes;
      };
    },
    status: () => ({ bytesInFlight: inFlight, maxBytesInFlight }),
  };
}

/**
 * What a request's body will cost at most, known before it is read: its declared length (Node's
 * parser never hands over more), or the endpoint's limit for a chunked body (counted as it
 * streams, `http/body-limit.ts`). Bodyless methods cost nothing.
 */
export function bodyBytesToReserve(c: Context, maxBodyBytes: number): number {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return 0;
  const declared = c.req.header('content-length');
  if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return maxBodyBytes;
  const bytes = Number.parseInt(declared, 10);
  return Number.isFinite(bytes) && bytes >= 0 ? Math.min(bytes, maxBodyBytes) : maxBodyBytes;
}

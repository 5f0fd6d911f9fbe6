import type { MiddlewareHandler } from 'hono';
import { bodyBytesToReserve } from '../admission/body-budget.ts';
import type { MemoryBudgets } from '../admission/memory-budgets.ts';
import type { Release } from '../admission/pixel-budget.ts';
import { ApiError } from '../errors.ts';
import type { RequestVariables } from '../http/context.ts';

/** What an admitted recognition request holds: its slot and body bytes, and its pixels once reserved. */
export interface AdmissionTicket {
  /** Reserves the decoded pixels of the request's images (once, before decoding); resolves when they fit the budget. */
  reservePixels(pixels: number): Promise<void>;
}

export interface Admission {
  /**
   * Admits one recognition request whose body costs `bodyBytes`, or refuses it at once with
   * 503 QUEUE_FULL + Retry-After — before its body is read, an image fetched or decoded.
   */
  admit(bodyBytes: number): AdmissionTicket & { release: Release };
  status(): { inFlight: number; maxInFlight: number };
}

const queueFull = () => new ApiError('QUEUE_FULL', 'the server is busy; try again shortly', { headers: { 'Retry-After': '1' } });

/**
 * Admission control in front of the recognition workers: at most `maxInFlight` requests (workers
 * plus queue) are past the door, their bodies within the process's body budget; together with the
 * platform they hold at most the pixel budget of decoded images.
 */
export function createAdmission({ maxInFlight, budgets }: { maxInFlight: number; budgets: MemoryBudgets }): Admission {
  let inFlight = 0;
  return {
    admit(bodyBytes) {
      if (inFlight >= maxInFlight) throw queueFull();
      const releaseBody = budgets.bodies.tryReserve(bodyBytes);
      if (!releaseBody) throw queueFull();
      inFlight++;
      let releasePixels: Release | null = null;
      let released = false;
      return {
        async reservePixels(pixels) {
          if (releasePixels) throw new Error('pixels are reserved once per request');
          const release = await budgets.pixels.reserve(pixels);
          // Answered (or failed) while waiting: nobody will use them.
          if (released) release();
          else releasePixels = release;
        },
        release() {
          if (released) return;
          released = true;
          inFlight--;
          releaseBody();
          releasePixels?.();
        },
      };
    },
    status: () => ({ inFlight, maxInFlight }),
  };
}

export type AdmittedEnv = { Variables: RequestVariables & { admission: AdmissionTicket } };

/**
 * The recognition endpoints' door, after the guard (key, content type, size) and before anything
 * reads the body: a request the queue or the body budget cannot take is 503 with its body unread.
 * Everything the request holds is let go once it is answered.
 */
export function admitRecognition(admission: Admission, maxBodyBytes: number): MiddlewareHandler<AdmittedEnv> {
  return async function admitRecognitionMiddleware(c, next) {
    // The recognition endpoints are POSTs; another method is answered by the router (404/405).
    if (c.req.method !== 'POST') return next();
    const ticket = admission.admit(bodyBytesToReserve(c, maxBodyBytes));
    c.set('admission', ticket);
    try {
      await next();
    } finally {
      ticket.release();
    }
  };
}

import { IdlensError } from './errors.ts';

export interface RetryOptions {
  /** Attempts in all (1 = no retry). */
  attempts?: number;
  /** First back-off delay; doubles each time, with ±25 % jitter. */
  baseDelayMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export const defaultRetryOptions = { attempts: 4, baseDelayMs: 300 } as const;

/**
 * `fetch` that retries only what is safe to repeat: the request must be idempotent (the caller
 * says so), and only network failures, 429, 502, 503 and 504 are retried — honouring Retry-After.
 * Any other answer, success or error, is returned to the caller as is.
 */
export async function fetchWithRetry(url: string, init: RequestInit, { idempotent, ...options }: RetryOptions & { idempotent: boolean }): Promise<Response> {
  const { attempts = defaultRetryOptions.attempts, baseDelayMs = defaultRetryOptions.baseDelayMs, fetch: doFetch = globalThis.fetch, signal } = options;
  const tries = idempotent ? Math.max(1, attempts) : 1;
  let lastError: unknown;
  for (let attempt = 1; ; attempt++) {
    let res: Response | null = null;
    try {
      res = await doFetch(url, { ...init, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
    if (res && !(retryableStatus.has(res.status) && attempt < tries)) return res;
    if (attempt >= tries) {
      const reason = (lastError as Error | undefined)?.message ?? 'network error';
      throw new IdlensError('NETWORK_ERROR', `${init.method ?? 'GET'} ${url}: ${reason}`, { cause: lastError });
    }
    const retryAfter = Number(res?.headers.get('retry-after'));
    const backoff = baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : backoff, signal);
  }
}

const retryableStatus = new Set([429, 502, 503, 504]);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

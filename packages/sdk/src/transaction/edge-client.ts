import type { EdgeTransactionView, HandoffStarted, HandoffState, JoinedTransaction, ResumeResponse, StepSubmission } from '../api/transaction.ts';
import { IdlensError } from '../core/errors.ts';
import { fetchWithRetry, type RetryOptions } from '../core/fetch-with-retry.ts';

export interface EdgeClientOptions {
  /** `edgeApiUrl` of the create response. */
  edgeApiUrl: string;
  transactionId: string;
  ephemeralKey: string;
  retry?: RetryOptions;
}

/**
 * The edge interface of one transaction, authenticated with Basic `transactionId:ephemeralKey`.
 * Reads and resume are retried on network errors (a resume that already ran answers
 * `isChanged: false`); a step submission is not — the driver checks the view instead.
 */
export function createEdgeClient({ edgeApiUrl, transactionId, ephemeralKey, retry = {} }: EdgeClientOptions) {
  const base = `${edgeApiUrl.replace(/\/+$/, '')}/api/v1/transaction/${encodeURIComponent(transactionId)}`;
  const authorization = `Basic ${btoa(`${transactionId}:${ephemeralKey}`)}`;
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, idempotent: boolean): Promise<T> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' };
    const res = await fetchWithRetry(`${base}${path}`, init, { ...retry, idempotent });
    if (res.status === 204) return null as T;
    return readJson<T>(res, `${method} ${path || '/'}`);
  }
  return {
    transactionId,
    view: () => call<EdgeTransactionView>('GET', '', undefined, true),
    submitStep: (stepId: number, submission: StepSubmission) => call<EdgeTransactionView>('POST', `/step/${stepId}`, submission, false),
    resume: () => call<ResumeResponse>('POST', '/resume', undefined, true),
    /** Hands the transaction off to another device: a join URL and its QR code (a new one replaces one nobody used). */
    startHandoff: () => call<HandoffStarted>('POST', '/handoff', undefined, false),
    /** Where the hand-off stands, with the transaction (poll every 2 s). */
    handoff: () => call<HandoffState>('GET', '/handoff', undefined, true),
    /** Takes the transaction back: the join URL and the other device's key stop working. */
    cancelHandoff: () => call<null>('DELETE', '/handoff', undefined, true),
  };
}

export type EdgeClient = ReturnType<typeof createEdgeClient>;

/**
 * The JSON body of a platform (or proxy) answer. An error answer is TRANSACTION_REJECTED with the
 * HTTP status and the platform's own `code` (e.g. `UNAUTHORIZED`, `KEY_EXPIRED`) as `serverCode`.
 */
export async function readJson<T>(res: Response, what: string): Promise<T> {
  const json = (await res.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (res.ok && json) return json;
  if (!json) throw new IdlensError('SERVER_ERROR', `${what}: HTTP ${res.status} without a JSON body`, { status: res.status });
  const message = `${what}: HTTP ${res.status}${json.message ? `: ${json.message}` : ''}`;
  throw new IdlensError('TRANSACTION_REJECTED', message, { status: res.status, serverCode: json.code ?? null });
}

/**
 * Joins a transaction handed off from another device (the joining device opened `joinUrl`, from
 * its QR code): its credentials — a key of its own — to `resumeTransaction` with. Once per URL.
 */
export async function joinHandoff(joinUrl: string, retry: RetryOptions = {}): Promise<JoinedTransaction> {
  const res = await fetchWithRetry(joinUrl, { method: 'POST', headers: { accept: 'application/json' }, credentials: 'omit' }, { ...retry, idempotent: false });
  return readJson<JoinedTransaction>(res, 'join');
}

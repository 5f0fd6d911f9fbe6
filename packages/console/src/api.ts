/**
 * The agent API as the console uses it. The access token (OAuth2 client credentials) lives in
 * this object only: never in storage, cookies or the URL, so closing or reloading the tab signs out.
 */

// The contract's own types (type-only: nothing of the SDK is bundled into the console).
import type { TransactionRecord, TransactionSummary, VerificationStatus, WorkflowSummary } from '@idlens/sdk/api';

export type {
  ProcessingStatus,
  StateEntry,
  StatusLogEntry,
  TransactionRecord,
  TransactionSummary,
  VerificationStatus,
  WorkflowStepInfo as StepInfo,
  WorkflowSummary,
} from '@idlens/sdk/api';

export interface WorkflowVersion {
  workflowVersionId: string;
  workflowId: string;
  version: number;
  name: string;
  createdOn: string;
  isLatest: boolean;
}

export interface OwnClient {
  clientId: string;
  organizationId: string;
  name: string;
  createdOn: string;
  isCaller: boolean;
}

export interface NewClient {
  clientId: string;
  clientSecret: string;
  organizationId: string;
  name: string;
  createdOn: string;
}

export interface ListFilters {
  processingStatus?: string;
  verificationStatus?: string;
  workflowId?: string;
  createdFrom?: string;
  createdTo?: string;
  limit?: number;
  cursor?: string;
}

/** An answer other than 2xx: the server's `code` and `message` (the message names the field). */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export class AgentApi {
  #token: string | null = null;
  #clientId: string | null = null;
  /** Called when the token stopped working (expired, client revoked): the app shows the sign-in again. */
  onSignedOut: (() => void) | null = null;

  readonly #base: string;
  constructor(base = '') {
    this.#base = base;
  }

  get signedIn(): boolean {
    return this.#token !== null;
  }

  get clientId(): string | null {
    return this.#clientId;
  }

  async signIn(clientId: string, clientSecret: string): Promise<void> {
    const res = await fetch(`${this.#base}/agent/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      credentials: 'omit',
      cache: 'no-store',
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; code?: string; message?: string };
    if (!res.ok || !body.access_token)
      throw new ApiFailure(
        res.status,
        body.code ?? 'UNAUTHORIZED',
        res.status === 401 ? 'Unknown client or wrong secret.' : (body.message ?? `HTTP ${res.status}`),
      );
    this.#token = body.access_token;
    this.#clientId = clientId;
  }

  signOut(): void {
    this.#token = null;
    this.#clientId = null;
  }

  async #fetch(method: string, path: string, body?: unknown): Promise<Response> {
    if (!this.#token) throw new ApiFailure(401, 'UNAUTHORIZED', 'not signed in');
    const headers: Record<string, string> = { authorization: `Bearer ${this.#token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.#base}/agent/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (res.status === 401) {
      this.signOut();
      this.onSignedOut?.();
    }
    if (!res.ok) {
      const error = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      throw new ApiFailure(res.status, error.code ?? 'HTTP_ERROR', error.message ?? `HTTP ${res.status}`);
    }
    return res;
  }

  async #json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.#fetch(method, path, body);
    return (res.status === 204 ? null : await res.json()) as T;
  }

  listTransactions(filters: ListFilters): Promise<{ items: TransactionSummary[]; nextCursor: string | null }> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
    return this.#json('GET', `/transaction?${query}`);
  }

  getTransaction(id: string): Promise<TransactionRecord> {
    return this.#json('GET', `/transaction/${encodeURIComponent(id)}`);
  }

  setVerificationStatus(id: string, verificationStatus: VerificationStatus, comment: string): Promise<unknown> {
    return this.#json('PUT', `/transaction/${encodeURIComponent(id)}/verification-status`, comment ? { verificationStatus, comment } : { verificationStatus });
  }

  deleteTransaction(id: string): Promise<null> {
    return this.#json('DELETE', `/transaction/${encodeURIComponent(id)}`);
  }

  /** The image of a blob as a `blob:` URL (the caller revokes it). */
  async blobUrl(transactionId: string, blobId: string): Promise<string> {
    const res = await this.#fetch('GET', `/transaction/${encodeURIComponent(transactionId)}/blob/${encodeURIComponent(blobId)}/content`);
    return URL.createObjectURL(await res.blob());
  }

  listWorkflows(): Promise<WorkflowSummary[]> {
    return this.#json('GET', '/workflow');
  }

  listVersions(workflowId: string): Promise<WorkflowVersion[]> {
    return this.#json('GET', `/workflow/${encodeURIComponent(workflowId)}/version`);
  }

  getVersion(workflowId: string, versionId: string): Promise<WorkflowVersion & { definition: unknown }> {
    return this.#json('GET', `/workflow/${encodeURIComponent(workflowId)}/version/${encodeURIComponent(versionId)}`);
  }

  importWorkflow(definition: unknown): Promise<WorkflowSummary & { version: number }> {
    return this.#json('POST', '/workflow', definition);
  }

  listClients(): Promise<OwnClient[]> {
    return this.#json('GET', '/client');
  }

  createClient(name: string): Promise<NewClient> {
    return this.#json('POST', '/client', { name });
  }

  revokeClient(clientId: string): Promise<null> {
    return this.#json('DELETE', `/client/${encodeURIComponent(clientId)}`);
  }
}

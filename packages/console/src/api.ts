/**
 * The agent API as the console uses it, through the console's session (`/console/api/v1/…` is
 * `/agent/api/v1/…` for the signed-in client). The session is an HttpOnly cookie the server set at
 * sign-in; this object keeps only its CSRF token, sent with every request.
 */

// The contract's own types (type-only: nothing of the SDK is bundled into the console).
import type {
  Branding,
  CreatedVerificationLink,
  TransactionRecord,
  TransactionSummary,
  VerificationLink,
  VerificationLinkDetail,
  VerificationLinkRequest,
  VerificationStatus,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  WorkflowSummary,
} from '@idlens/sdk/api';

export type {
  Branding,
  CreatedVerificationLink,
  VerificationLink,
  VerificationLinkDetail,
  StateEntry,
  StatusLogEntry,
  TransactionRecord,
  TransactionSummary,
  VerificationStatus,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
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
  transactionId?: string;
  /** consent.userId: the customer's id for the end user. */
  userId?: string;
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

/** The console's session as the server describes it (docs/console.md, "Console session API"). */
export interface ConsoleSession {
  clientId: string;
  organizationId: string;
  expiresOn: string;
  csrfToken: string;
}

/** Where the console's own API is: its session, and the agent API behind it. */
const sessionPath = '/console/api/session';
const agentPath = '/console/api/v1';

export class AgentApi {
  /**
   * The signed-in session, or null. It holds the CSRF token only: the session itself is an
   * HttpOnly cookie the page's scripts cannot read, and no client secret or access token is kept.
   */
  #session: ConsoleSession | null = null;
  /** Called when the session stopped working (signed out elsewhere, expired, client revoked): the app shows the sign-in again. */
  onSignedOut: (() => void) | null = null;

  readonly #base: string;
  constructor(base = '') {
    this.#base = base;
  }

  get signedIn(): boolean {
    return this.#session !== null;
  }

  get clientId(): string | null {
    return this.#session?.clientId ?? null;
  }

  /** When the session ends by itself (ISO 8601), or null. */
  get expiresOn(): string | null {
    return this.#session?.expiresOn ?? null;
  }

  /** After a reload: asks the server whether the cookie still names a session. */
  async restore(): Promise<boolean> {
    const res = await fetch(`${this.#base}${sessionPath}`, { credentials: 'same-origin', cache: 'no-store' }).catch(() => null);
    this.#session = res?.ok ? ((await res.json()) as ConsoleSession) : null;
    return this.#session !== null;
  }

  async signIn(clientId: string, clientSecret: string): Promise<void> {
    const res = await fetch(`${this.#base}${sessionPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, clientSecret }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const body = (await res.json().catch(() => ({}))) as Partial<ConsoleSession> & { code?: string; message?: string };
    if (!res.ok || !body.csrfToken)
      throw new ApiFailure(
        res.status,
        body.code ?? 'UNAUTHORIZED',
        res.status === 401 ? 'Unknown client or wrong secret.' : (body.message ?? `HTTP ${res.status}`),
      );
    this.#session = body as ConsoleSession;
  }

  /** Ends the session on the server (its cookie is cleared) and forgets it here. */
  async signOut(): Promise<void> {
    const session = this.#session;
    this.#session = null;
    if (!session) return;
    await fetch(`${this.#base}${sessionPath}`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': session.csrfToken },
      credentials: 'same-origin',
      cache: 'no-store',
    }).catch(() => {});
  }

  /** Forgets a session that ended by itself (expired), without asking the server. */
  forget(): void {
    this.#session = null;
  }

  /** A request of the agent API; a Blob body (an image) is sent as it is, with its type, anything else as JSON. */
  async #fetch(method: string, path: string, body?: unknown): Promise<Response> {
    if (!this.#session) throw new ApiFailure(401, 'UNAUTHORIZED', 'not signed in');
    const headers: Record<string, string> = { 'x-csrf-token': this.#session.csrfToken };
    const blob = body instanceof Blob ? body : null;
    if (body !== undefined) headers['content-type'] = blob ? blob.type : 'application/json';
    const res = await fetch(`${this.#base}${agentPath}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : (blob ?? JSON.stringify(body)),
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (res.status === 401) {
      this.#session = null;
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

  /** A new secret for the client (shown once); the old one stops at once. */
  rotateClientSecret(clientId: string): Promise<{ clientId: string; clientSecret: string; organizationId: string }> {
    return this.#json('POST', `/client/${encodeURIComponent(clientId)}/secret`);
  }

  listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
    return this.#json('GET', '/webhook-endpoint');
  }

  /** Registers an endpoint; the answer holds its signing secret, shown once. */
  createWebhookEndpoint(endpoint: { url: string; eventTypes: WebhookEventType[]; description: string }): Promise<WebhookEndpoint & { secret: string }> {
    return this.#json('POST', '/webhook-endpoint', endpoint);
  }

  setWebhookEndpointEnabled(id: string, enabled: boolean): Promise<WebhookEndpoint> {
    return this.#json('PATCH', `/webhook-endpoint/${encodeURIComponent(id)}`, { enabled });
  }

  deleteWebhookEndpoint(id: string): Promise<null> {
    return this.#json('DELETE', `/webhook-endpoint/${encodeURIComponent(id)}`);
  }

  listWebhookDeliveries(id: string): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
    return this.#json('GET', `/webhook-endpoint/${encodeURIComponent(id)}/delivery?limit=50`);
  }

  redeliverWebhook(id: string, eventId: string): Promise<WebhookDelivery> {
    return this.#json('POST', `/webhook-endpoint/${encodeURIComponent(id)}/delivery/${encodeURIComponent(eventId)}/redeliver`);
  }

  listVerificationLinks(cursor?: string): Promise<{ items: VerificationLink[]; nextCursor: string | null }> {
    return this.#json('GET', `/verification-link?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  }

  createVerificationLink(request: VerificationLinkRequest): Promise<CreatedVerificationLink> {
    return this.#json('POST', '/verification-link', request);
  }

  getVerificationLink(id: string): Promise<VerificationLinkDetail> {
    return this.#json('GET', `/verification-link/${encodeURIComponent(id)}`);
  }

  revokeVerificationLink(id: string): Promise<null> {
    return this.#json('DELETE', `/verification-link/${encodeURIComponent(id)}`);
  }

  getBranding(): Promise<Branding> {
    return this.#json('GET', '/organization/branding');
  }

  updateBranding(patch: { displayName?: string | null; accentColor?: string | null }): Promise<Branding> {
    return this.#json('PATCH', '/organization/branding', patch);
  }

  /** A PNG or JPEG file as the run page's logo. */
  setLogo(file: Blob): Promise<Branding> {
    return this.#json('PUT', '/organization/branding/logo', file);
  }

  removeLogo(): Promise<Branding> {
    return this.#json('DELETE', '/organization/branding/logo');
  }

  /** The logo as a `blob:` URL (the caller revokes it). */
  async logoUrl(): Promise<string> {
    const res = await this.#fetch('GET', '/organization/branding/logo');
    return URL.createObjectURL(await res.blob());
  }
}

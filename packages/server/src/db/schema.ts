import type { Generated, Kysely, Transaction } from 'kysely';
import type { ProcessingStatus, StatusLogEntry, StepType, VerificationStatus, WebhookDeliveryStatus } from '@idlens/sdk/api';

/**
 * The transaction platform's tables, one interface per table. Column types are chosen to behave
 * the same on SQLite and PostgreSQL: timestamps are ISO 8601 UTC strings (they sort as text),
 * structured values are JSON text, binary data is a Buffer (SQLite `blob`, Postgres `bytea`).
 *
 * Names are camelCase here and snake_case in the database (the migrations): kysely's
 * CamelCasePlugin (open-database.ts) translates identifiers in queries and keys in results.
 */

export interface OrganizationTable {
  id: string;
  name: string;
  createdOn: string;
}

export interface ClientTable {
  /** The client_id of HTTP Basic / OAuth client credentials. */
  id: string;
  organizationId: string;
  name: string;
  /** SHA-256 (hex) of the client secret; the secret itself is shown once and never stored. */
  secretHash: string;
  /** Stamped into the client's bearer tokens and checked on use; a secret rotation bumps it. */
  tokenGeneration: Generated<number>;
  createdOn: string;
}

export interface WorkflowTable {
  organizationId: string;
  /** The workflowId clients pass on create (unique per organization). */
  id: string;
  name: string;
  /** The version new transactions run. */
  latestVersionId: string;
  createdOn: string;
  modifiedOn: string;
}

export interface WorkflowVersionTable {
  /** workflowVersionId: globally unique. */
  id: string;
  organizationId: string;
  workflowId: string;
  /** 1, 2, … per workflow. */
  version: number;
  /** The validated WorkflowDefinition as JSON. */
  definition: string;
  createdOn: string;
}

export interface TransactionTable {
  id: string;
  organizationId: string;
  clientId: string;
  workflowId: string;
  workflowVersionId: string;
  /** Capitalized platform name (`Browser`, …). */
  platform: string;
  sdkVersion: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  originalVerificationStatus: VerificationStatus | null;
  /** JSON: the create request's consent object. */
  consent: string;
  /** JSON: string[] */
  tags: string;
  /** JSON: Record<string, string> */
  linkFields: string;
  /** JSON: the workflow progress (see workflow/progress.ts). */
  progress: string;
  /** SHA-256 (hex) of the ephemeral key. */
  keyHash: string;
  keyExpiresOn: string;
  /** Optimistic concurrency: every write bumps it and is guarded by the value it read. */
  rowVersion: number;
  /** Who runs the workflow right now (a resume's random id), and until when that claim holds. */
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdOn: string;
  modifiedOn: string;
}

export interface StateEntryTable {
  transactionId: string;
  /** `<StepName>:<n>`, n = the step's 0-based execution index. */
  key: string;
  stepId: number;
  stepType: StepType;
  /** Order of creation within the transaction. */
  seq: number;
  input: string;
  extraction: string;
  output: string | null;
  /** JSON never shown to clients (e.g. server recognition kept when images may not be stored). */
  internal: string | null;
  createdOn: string;
  modifiedOn: string;
}

export interface StatusLogTable {
  id: Generated<number>;
  transactionId: string;
  changedOn: string;
  changedBy: string;
  field: StatusLogEntry['field'];
  oldValue: string | null;
  newValue: string | null;
  comment: string | null;
}

export interface BlobTable {
  id: string;
  transactionId: string;
  contentType: string;
  size: number;
  data: Buffer;
  createdOn: string;
}

export interface IdempotencyKeyTable {
  organizationId: string;
  /** SHA-256 (hex) of the Idempotency-Key header: a client may put anything in it. */
  key: string;
  /** SHA-256 of the canonical request, so a reused key with another body is refused. */
  requestHash: string;
  transactionId: string;
  createdOn: string;
}

/** Failed authentication attempts of one key in its current window (rate limiting). */
export interface AuthFailureTable {
  key: string;
  /** Start of the window, ms since the epoch. */
  windowStart: number | string;
  failures: number;
}

/** A console sign-in (console/console-sessions.ts); the session id itself is only in the browser's cookie. */
export interface ConsoleSessionTable {
  /** SHA-256 (hex) of the session id. */
  idHash: string;
  clientId: string;
  organizationId: string;
  /** The client's secret hash at sign-in: a rotated secret ends the session. */
  secretHash: string;
  createdOn: string;
  expiresOn: string;
}

/** A receiver of an organization's webhook events (webhooks/). */
export interface WebhookEndpointTable {
  id: string;
  organizationId: string;
  url: string;
  description: string;
  /** The event types it receives, one bit each (webhooks/webhook-events.ts). */
  eventMask: number;
  /** `whsec_` + Base64 of the HMAC key (Standard Webhooks); kept as is, since signing needs it. */
  secret: string;
  /** 1 = events are recorded for it; 0 = none are. */
  enabled: number;
  createdOn: string;
  modifiedOn: string;
}

/** One event for one endpoint: the outbox row, then its delivery log. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  /** The Standard Webhooks message id (`webhook-id`): the same for every endpoint and every attempt. */
  eventId: string;
  endpointId: string;
  organizationId: string;
  transactionId: string;
  type: string;
  /** The JSON body, fixed when the event happened. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptOn: string;
  /** No attempt is made after this; the delivery is then `failed`. */
  giveUpOn: string;
  leaseOwner: string | null;
  leaseUntil: string | null;
  lastAttemptOn: string | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  deliveredOn: string | null;
  createdOn: string;
}

/** A verification link (links/): opens the hosted run page, which starts transactions of one workflow. */
export interface VerificationLinkTable {
  id: string;
  organizationId: string;
  /** The client that created it; the transactions it starts are that client's. */
  clientId: string;
  workflowId: string;
  /** SHA-256 (hex) of the URL's token; the token is shown once, at creation. */
  tokenHash: string;
  /** consent.userId of the transactions it starts. */
  userId: string;
  /** JSON: the Start form's values the link fixes. */
  formValues: string;
  redirectUrl: string | null;
  /** 1: one transaction at most; 0: any number until it expires or is revoked. */
  singleUse: number;
  expiresOn: string;
  revokedOn: string | null;
  /** When the first transaction started. */
  usedOn: string | null;
  transactionCount: number;
  createdOn: string;
}

export interface VerificationLinkTransactionTable {
  linkId: string;
  transactionId: string;
  createdOn: string;
}

/** What the run page shows of an organization (each null: the default). */
export interface OrganizationBrandingTable {
  organizationId: string;
  displayName: string | null;
  /** `#rrggbb` */
  accentColor: string | null;
  logo: Buffer | null;
  logoContentType: string | null;
  modifiedOn: string;
}

/** A transaction handed off from one device to another (platform/handoff/). */
export interface TransactionHandoffTable {
  transactionId: string;
  /** SHA-256 (hex) of the join key the QR code carries; it works once, until joinExpiresOn. */
  joinKeyHash: string;
  joinExpiresOn: string;
  /** SHA-256 (hex) of the key the joined device got; null until a device joined. */
  deviceKeyHash: string | null;
  joinedOn: string | null;
  /** The desktop took the transaction back (or gave up before anyone joined). */
  cancelledOn: string | null;
  createdOn: string;
}

export interface Database {
  organizations: OrganizationTable;
  clients: ClientTable;
  workflows: WorkflowTable;
  workflowVersions: WorkflowVersionTable;
  transactions: TransactionTable;
  stateEntries: StateEntryTable;
  statusLog: StatusLogTable;
  blobs: BlobTable;
  idempotencyKeys: IdempotencyKeyTable;
  authFailures: AuthFailureTable;
  consoleSessions: ConsoleSessionTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookDeliveries: WebhookDeliveryTable;
  verificationLinks: VerificationLinkTable;
  verificationLinkTransactions: VerificationLinkTransactionTable;
  organizationBranding: OrganizationBrandingTable;
  transactionHandoffs: TransactionHandoffTable;
}

/** A database handle or an open database transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

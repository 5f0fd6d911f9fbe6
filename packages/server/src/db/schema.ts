import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * The transaction platform's tables, one interface per table. Column types are chosen to behave
 * the same on SQLite and PostgreSQL: timestamps are ISO 8601 UTC strings (they sort as text),
 * structured values are JSON text, binary data is a Buffer (SQLite `blob`, Postgres `bytea`).
 */

export interface OrganizationTable {
  id: string;
  name: string;
  created_on: string;
}

export interface ClientTable {
  /** The client_id of HTTP Basic / OAuth client credentials. */
  id: string;
  organization_id: string;
  name: string;
  /** SHA-256 (hex) of the client secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  created_on: string;
}

export interface WorkflowTable {
  organization_id: string;
  /** The workflowId clients pass on create (unique per organization). */
  id: string;
  name: string;
  /** The version new transactions run. */
  latest_version_id: string;
  created_on: string;
  modified_on: string;
}

export interface WorkflowVersionTable {
  /** workflowVersionId: globally unique. */
  id: string;
  organization_id: string;
  workflow_id: string;
  /** 1, 2, … per workflow. */
  version: number;
  /** The validated WorkflowDefinition as JSON. */
  definition: string;
  created_on: string;
}

export interface TransactionTable {
  id: string;
  organization_id: string;
  client_id: string;
  workflow_id: string;
  workflow_version_id: string;
  /** Capitalized platform name (`Browser`, …). */
  platform: string;
  sdk_version: string;
  processing_status: string;
  verification_status: string | null;
  original_verification_status: string | null;
  /** JSON: the create request's consent object. */
  consent: string;
  /** JSON: string[] */
  tags: string;
  /** JSON: Record<string, string> */
  link_fields: string;
  /** JSON: the workflow progress (see workflow/progress.ts). */
  progress: string;
  /** SHA-256 (hex) of the ephemeral key. */
  key_hash: string;
  key_expires_on: string;
  /** Optimistic concurrency: every write bumps it and is guarded by the value it read. */
  row_version: number;
  /** Who runs the workflow right now (a resume's random id), and until when that claim holds. */
  lease_owner: string | null;
  lease_until: string | null;
  created_on: string;
  modified_on: string;
}

export interface StateEntryTable {
  transaction_id: string;
  /** `<StepName>:<n>`, n = the step's 0-based execution index. */
  key: string;
  step_id: number;
  step_type: string;
  /** Order of creation within the transaction. */
  seq: number;
  input: string;
  extraction: string;
  output: string | null;
  /** JSON never shown to clients (e.g. server recognition kept when images may not be stored). */
  internal: string | null;
  created_on: string;
  modified_on: string;
}

export interface StatusLogTable {
  id: Generated<number>;
  transaction_id: string;
  changed_on: string;
  changed_by: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  comment: string | null;
}

export interface BlobTable {
  id: string;
  transaction_id: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_on: string;
}

export interface IdempotencyKeyTable {
  organization_id: string;
  key: string;
  /** SHA-256 of the canonical request, so a reused key with another body is refused. */
  request_hash: string;
  transaction_id: string;
  created_on: string;
}

export interface Database {
  organizations: OrganizationTable;
  clients: ClientTable;
  workflows: WorkflowTable;
  workflow_versions: WorkflowVersionTable;
  transactions: TransactionTable;
  state_entries: StateEntryTable;
  status_log: StatusLogTable;
  blobs: BlobTable;
  idempotency_keys: IdempotencyKeyTable;
}

/** A database handle or an open database transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

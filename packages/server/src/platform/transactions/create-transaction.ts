import { createHash, randomUUID } from 'node:crypto';
import { platformNames, type CreateTransactionRequest, type CreateTransactionResponse, type StatusLogEntry, type TransactionWarning } from '@idlens/sdk/api';
import { isPostgres } from '../../db/dialect-kind.ts';
import type { Db } from '../../db/schema.ts';
import { deleteIdempotencyKeysBefore, findIdempotencyKey, insertIdempotencyKey } from '../../db/repositories/idempotency-repository.ts';
import { insertStateEntry, type StoredStateEntry } from '../../db/repositories/state-entry-repository.ts';
import { appendStatusLog } from '../../db/repositories/status-log-repository.ts';
import {
  findOrganizationTransaction,
  insertCreatedTransaction,
  insertTransaction,
  updateTransaction,
  type StoredTransaction,
} from '../../db/repositories/transaction-repository.ts';
import { findLatestWorkflowVersionId } from '../../db/repositories/workflow-repository.ts';
import { ApiError } from '../../errors.ts';
import { startStep, type WorkflowDefinition } from '../../workflow/definition.ts';
import { maskCardNumbersDeep, maskCardNumbersIn } from '../../workflow/sanitize-extraction.ts';
import { completeStep, initialProgress } from '../../workflow/progress.ts';
import { runStart } from '../../workflow/steps/basic-steps.ts';
import { workflowInfo } from '../../workflow/workflow-info.ts';
import { outboxParams, recordEvent } from '../../webhooks/outbox.ts';
import { transactionEvent, type WebhookEvent } from '../../webhooks/webhook-events.ts';
import type { AgentPrincipal } from '../auth/agent-principal.ts';
import { basicAuthorization } from '../auth/basic-credentials.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import type { CachedWorkflowVersion } from '../workflow-versions/workflow-cache.ts';
import { validateFormValues } from './form-values.ts';
import { transition } from './state-machine.ts';

/** Extra writes of a create, in its database transaction (a verification link's claim: links/). */
export interface CreateOptions {
  /** Throws to refuse the create: nothing of it is stored. */
  inTransaction?: (trx: Db, transactionId: string, now: string) => Promise<void>;
}

export interface CreateResult {
  response: CreateTransactionResponse;
  /** True when an Idempotency-Key replay answered an earlier create. */
  replayed: boolean;
}

/**
 * The request as it is stored: every free-text field a client sends (form values, tags, link
 * fields, sdkVersion, consent.userId) with its Luhn-valid card numbers masked to BIN + last four,
 * so that no card number is at rest whatever a client puts where.
 */
function maskedRequest(request: CreateTransactionRequest, formValues: Record<string, unknown>): CreateTransactionRequest {
  return {
    ...request,
    sdkVersion: maskCardNumbersIn(request.sdkVersion),
    formValues: maskCardNumbersDeep(formValues),
    consent: { ...request.consent, userId: maskCardNumbersIn(request.consent.userId) },
    ...(request.tags ? { tags: maskCardNumbersDeep(request.tags) } : {}),
    ...(request.linkFields ? { linkFields: maskCardNumbersDeep(request.linkFields) } : {}),
  };
}

/**
 * An Idempotency-Key as stored: its SHA-256, since a client may put anything in it (a card number,
 * an order reference). Keys are compared by their hashes.
 */
export const hashIdempotencyKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Stable across key order, so a retried request with reordered JSON still matches. */
function requestHash(request: CreateTransactionRequest): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

function warningsFor(definition: WorkflowDefinition, request: CreateTransactionRequest): TransactionWarning[] {
  const warnings: TransactionWarning[] = [];
  if (
    !request.consent.isProcessingStoringAllowed &&
    definition.steps.some((s) => s.type === 'ScanDocument' || s.type === 'ScanCard' || s.type === 'ScanBarcode')
  ) {
    warnings.push({
      code: 'IMAGES_NOT_STORED',
      message: 'consent.isProcessingStoringAllowed is false: images are processed but not stored, so the record will hold no image blobs',
    });
  }
  return warnings;
}

function responseOf(
  ctx: PlatformContext,
  tx: StoredTransaction,
  definition: WorkflowDefinition,
  ephemeralKey: string,
  warnings: TransactionWarning[],
): CreateTransactionResponse {
  return {
    transactionId: tx.id,
    workflowId: tx.workflowId,
    workflowVersionId: tx.workflowVersionId,
    organizationId: tx.organizationId,
    ephemeralKey,
    authorization: basicAuthorization(tx.id, ephemeralKey),
    workflowInfo: workflowInfo(definition, tx.progress, tx.processingStatus),
    createdOn: tx.createdOn,
    modifiedOn: tx.modifiedOn,
    processingStatus: tx.processingStatus,
    warnings,
    edgeApiUrl: ctx.settings.edgeApiUrl,
  };
}

/** How often a one-statement create reads the workflow's latest version again when it was replaced under it. */
const versionAttempts = 3;

/** Everything a create writes and answers, before it is written. */
interface DraftTransaction {
  version: CachedWorkflowVersion;
  request: CreateTransactionRequest;
  warnings: TransactionWarning[];
  ephemeralKey: string;
  tx: StoredTransaction;
  startEntry: Omit<StoredStateEntry, 'seq'>;
  createdLog: StatusLogEntry;
  createdEvent: WebhookEvent;
}

/**
 * Creates a transaction: validates formValues against the workflow's Start step, runs Start, and
 * stores the transaction, its Start entry, its first status-log entry, the Idempotency-Key and
 * the `transaction.created` webhook event in one database transaction (on PostgreSQL without a
 * key: in one statement). The ephemeral key is returned here only; the database keeps its hash.
 */
export async function createTransaction(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  received: CreateTransactionRequest,
  receivedIdempotencyKey: string | null,
  { inTransaction }: CreateOptions = {},
): Promise<CreateResult> {
  if (receivedIdempotencyKey === null && !inTransaction && isPostgres(ctx.db)) return createInOneStatement(ctx, principal, received);
  const versionId = await findLatestWorkflowVersionId(ctx.db, principal.organizationId, received.workflowId);
  const draft = await draftTransaction(ctx, principal, received, versionId);
  const { request, warnings, tx } = draft;
  const idempotencyKey = receivedIdempotencyKey === null ? null : hashIdempotencyKey(receivedIdempotencyKey);
  // Only a request with an Idempotency-Key is remembered by its hash (of what is stored: a retry
  // differing only in the hidden digits of a card number is the same request).
  const hash = idempotencyKey ? requestHash(request) : '';

  if (idempotencyKey) {
    const replay = await replayIdempotent(ctx, principal, idempotencyKey, hash, warnings);
    if (replay) return replay;
  }

  let deliveries: number;
  try {
    // One database transaction: the expired key's DELETE and the key's INSERT must be statements
    // of their own (the CTEs of one statement all see one snapshot); on SQLite creates share a commit.
    deliveries = await ctx.writes.run(async (trx) => {
      if (idempotencyKey) await deleteIdempotencyKeysBefore(trx, principal.organizationId, idempotencyKey, isoAt(ctx.now() - ctx.settings.idempotencyTtlMs));
      await inTransaction?.(trx, tx.id, tx.createdOn);
      await insertTransaction(trx, tx);
      const recorded = await recordEvent(trx, ctx.webhooks, draft.createdEvent);
      await insertStateEntry(trx, draft.startEntry);
      await appendStatusLog(trx, tx.id, draft.createdLog);
      if (idempotencyKey)
        await insertIdempotencyKey(trx, {
          organizationId: principal.organizationId,
          key: idempotencyKey,
          requestHash: hash,
          transactionId: tx.id,
          createdOn: tx.createdOn,
        });
      return recorded;
    });
  } catch (error) {
    // Two creates with one key at once: the key's primary key lets one win; the other replays it.
    if (idempotencyKey) {
      const replay = await replayIdempotent(ctx, principal, idempotencyKey, hash, warnings);
      if (replay) return replay;
    }
    throw error;
  }
  return created(ctx, draft, deliveries);
}

/**
 * PostgreSQL without an Idempotency-Key: the rows and the event's outbox rows in one statement,
 * atomic on its own (one round trip instead of BEGIN, four INSERTs and COMMIT). The statement
 * writes nothing unless the version is still the workflow's latest, so the version is the one this
 * process last read (no round trip to read it); when it was replaced, it is read again.
 */
async function createInOneStatement(ctx: PlatformContext, principal: AgentPrincipal, received: CreateTransactionRequest): Promise<CreateResult> {
  const { organizationId } = principal;
  for (let attempt = 0; attempt < versionAttempts; attempt++) {
    const versionId = await ctx.workflows.lastSeenLatestVersionId(ctx.db, organizationId, received.workflowId);
    const draft = await draftTransaction(ctx, principal, received, versionId);
    const written = await insertCreatedTransaction(ctx.db, draft.tx, draft.startEntry, draft.createdLog, outboxParams(ctx.webhooks, draft.createdEvent));
    if (written) return created(ctx, draft, written.deliveries);
    ctx.workflows.forgetLatest(organizationId, received.workflowId);
  }
  throw new ApiError('CONFLICT', `workflowId: the workflow ${received.workflowId} keeps getting new versions; retry`);
}

/** The transaction a create of `versionId` writes, its first entries and its answer, before anything is written. */
async function draftTransaction(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  received: CreateTransactionRequest,
  versionId: string | undefined,
): Promise<DraftTransaction> {
  const version = versionId === undefined ? undefined : await ctx.workflows.get(ctx.db, versionId);
  if (!version) throw new ApiError('WORKFLOW_NOT_FOUND', `workflowId: no workflow ${received.workflowId} in this organization`);
  const { definition } = version;
  const request = maskedRequest(received, validateFormValues(startStep(definition).settings.formFields, received.formValues));
  const warnings = warningsFor(definition, request);
  const nowMs = ctx.now();
  const now = isoAt(nowMs);
  const ephemeralKey = newSecret();
  const createdStatus = transition(null, 'create');
  if (!('to' in createdStatus) || createdStatus.to === null) throw new Error('the state machine does not allow create');
  const progress = initialProgress(definition);
  const start = startStep(definition);
  const outcome = await runStart(start, {
    definition,
    transactionId: '',
    consent: request.consent,
    formValues: request.formValues,
    progress,
    entries: new Map(),
    currentEntry: undefined,
    verificationStatus: null,
    readBlob: async () => undefined,
    frames: ctx.frames,
    recognition: ctx.recognition,
    today: now.slice(0, 10),
  });
  const tx: StoredTransaction = {
    id: randomUUID(),
    organizationId: principal.organizationId,
    clientId: principal.clientId,
    workflowId: version.workflowId,
    workflowVersionId: version.workflowVersionId,
    platform: platformNames[request.platform],
    sdkVersion: request.sdkVersion,
    processingStatus: createdStatus.to,
    verificationStatus: null,
    originalVerificationStatus: null,
    consent: request.consent,
    tags: request.tags ?? [],
    linkFields: request.linkFields ?? {},
    progress: completeStep(progress, outcome.next),
    keyHash: hashSecret(ephemeralKey),
    keyExpiresOn: isoAt(nowMs + ctx.settings.ephemeralKeyTtlMs),
    rowVersion: 1,
    leaseOwner: null,
    leaseUntil: null,
    createdOn: now,
    modifiedOn: now,
  };
  return {
    version,
    request,
    warnings,
    ephemeralKey,
    tx,
    startEntry: {
      transactionId: tx.id,
      key: `${start.name}:0`,
      stepId: start.id,
      stepType: 'Start',
      input: outcome.entry.input ?? {},
      extraction: outcome.entry.extraction ?? {},
      output: outcome.entry.output,
      internal: null,
      createdOn: now,
      modifiedOn: now,
    },
    createdLog: {
      changedOn: now,
      changedBy: `client:${principal.clientId}`,
      field: 'processingStatus',
      oldValue: null,
      newValue: tx.processingStatus,
      comment: 'created',
    },
    createdEvent: transactionEvent(tx, { type: 'transaction.created' }, now),
  };
}

/** The answer to a create that was written (the dispatcher woken when it has deliveries to send). */
function created(ctx: PlatformContext, draft: DraftTransaction, deliveries: number): CreateResult {
  if (deliveries > 0) ctx.webhooks.wake();
  return { response: responseOf(ctx, draft.tx, draft.version.definition, draft.ephemeralKey, draft.warnings), replayed: false };
}

/**
 * A retried create (same Idempotency-Key, same body) answers the transaction it created. Its
 * ephemeral key exists only as a hash, so the replay issues a new one — which is safe only while
 * nobody has used the transaction at the edge yet; after that the retry is refused.
 */
async function replayIdempotent(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  key: string,
  hash: string,
  warnings: TransactionWarning[],
): Promise<CreateResult | null> {
  // Concurrent replays race for the key rotation; the losers re-read and rotate again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await findIdempotencyKey(ctx.db, principal.organizationId, key, isoAt(ctx.now() - ctx.settings.idempotencyTtlMs));
    if (!record) return null;
    if (record.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key: this key was used for a different request');
    const tx = await findOrganizationTransaction(ctx.db, principal.organizationId, record.transactionId);
    if (!tx) return null;
    const untouched = tx.processingStatus === 'InProgress' && tx.progress.totalExecutions === 1 && !tx.progress.submitted && tx.leaseOwner === null;
    if (!untouched)
      throw new ApiError(
        'IDEMPOTENCY_KEY_REUSED',
        'Idempotency-Key: the transaction created with this key has progressed; its ephemeral key cannot be issued again',
      );
    const ephemeralKey = newSecret();
    const rotated = await updateTransaction(ctx.db, tx.id, { rowVersion: tx.rowVersion, statuses: ['InProgress'] }, { keyHash: hashSecret(ephemeralKey) });
    if (!rotated) continue;
    const version = await ctx.workflows.get(ctx.db, tx.workflowVersionId);
    return { response: responseOf(ctx, tx, version.definition, ephemeralKey, warnings), replayed: true };
  }
  throw new ApiError('TRANSACTION_BUSY', 'the transaction created with this Idempotency-Key keeps changing; retry');
}

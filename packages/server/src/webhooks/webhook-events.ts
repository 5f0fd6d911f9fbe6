import { randomUUID } from 'node:crypto';
import { webhookEventTypes, type ProcessingStatus, type VerificationStatus, type WebhookEventType } from '@idlens/sdk/api';

/**
 * The events an organization's webhook endpoints can receive (`webhookEventTypes`, a wire type of
 * the SDK's). Each carries ids, statuses and timestamps only — never personal data or images: a
 * receiver reads the record with its own credentials when it needs more.
 */

/** One bit per type, in the order above: endpoints store the set they receive as a mask the outbox insert filters on. */
export const eventTypeBit = (type: WebhookEventType) => 1 << webhookEventTypes.indexOf(type);
export const eventMaskOf = (types: readonly WebhookEventType[]) => types.reduce((mask, type) => mask | eventTypeBit(type), 0);
export const eventTypesOf = (mask: number): WebhookEventType[] => webhookEventTypes.filter((type) => (mask & eventTypeBit(type)) !== 0);

/** The transaction as an event reports it. */
export interface TransactionEventSubject {
  id: string;
  organizationId: string;
  workflowId: string;
  workflowVersionId: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  originalVerificationStatus: VerificationStatus | null;
  createdOn: string;
}

/** Why a transaction ended in Error, without the step's message (it may quote what the user submitted). */
export type FailureKind = 'stepFailed' | 'keyExpired';

export type EventDetails =
  | { type: 'transaction.created' | 'transaction.completed' }
  | { type: 'transaction.failed'; failure: FailureKind; step?: string }
  | { type: 'transaction.verificationStatusOverridden'; previousVerificationStatus: VerificationStatus | null; changedBy: string }
  | { type: 'transaction.deleted' };

/** An event as the outbox stores it: the body every endpoint receives, byte for byte, on every attempt. */
export interface WebhookEvent {
  /** `msg_…`: Standard Webhooks' `webhook-id`, the receiver's key for deduplication. */
  id: string;
  type: WebhookEventType;
  organizationId: string;
  transactionId: string;
  /** JSON `{ type, timestamp, data }` (the Standard Webhooks payload shape). */
  payload: string;
  createdOn: string;
}

/** The event a change of `tx` at `now` (ISO) causes: the transaction's ids and statuses as they are after it. */
export function transactionEvent(tx: TransactionEventSubject, details: EventDetails, now: string): WebhookEvent {
  const { type, ...extra } = details;
  const data = {
    transactionId: tx.id,
    organizationId: tx.organizationId,
    workflowId: tx.workflowId,
    workflowVersionId: tx.workflowVersionId,
    processingStatus: tx.processingStatus,
    verificationStatus: tx.verificationStatus,
    originalVerificationStatus: tx.originalVerificationStatus,
    createdOn: tx.createdOn,
    ...extra,
  };
  return {
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    type,
    organizationId: tx.organizationId,
    transactionId: tx.id,
    payload: JSON.stringify({ type, timestamp: now, data }),
    createdOn: now,
  };
}

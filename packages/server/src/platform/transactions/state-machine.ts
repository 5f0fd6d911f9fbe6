import type { ProcessingStatus } from '@idlens/sdk/api';
import type { ApiErrorCode } from '../../errors.ts';

/** What can happen to a transaction. */
export type TransactionEvent =
  | 'create'
  | 'submitStep'
  | 'resumeWaiting'
  | 'resumeFinished'
  | 'resumeFailed'
  | 'resumeClosed'
  | 'expire'
  | 'setVerificationStatus'
  | 'delete';

type From = ProcessingStatus | null;
/** `null` as a target = the transaction is removed. */
type To = ProcessingStatus | null;

/**
 * The state machine of spec/transaction-platform.md ("States and transitions") plus what idlens
 * decided for interactive steps and expiry (docs/transaction-platform.md). Anything not listed
 * is refused with the event's conflict code.
 */
export const transitionTable: ReadonlyArray<{ from: From; event: TransactionEvent; to: To }> = [
  { from: null, event: 'create', to: 'InProgress' },
  { from: 'InProgress', event: 'submitStep', to: 'InProgress' },
  { from: 'InProgress', event: 'resumeWaiting', to: 'InProgress' },
  { from: 'InProgress', event: 'resumeFinished', to: 'Complete' },
  { from: 'InProgress', event: 'resumeFailed', to: 'Error' },
  { from: 'InProgress', event: 'expire', to: 'Error' },
  // Resuming a closed transaction changes nothing (isChanged: false): a browser may retry.
  { from: 'Complete', event: 'resumeClosed', to: 'Complete' },
  { from: 'Error', event: 'resumeClosed', to: 'Error' },
  { from: 'Complete', event: 'setVerificationStatus', to: 'Complete' },
  { from: 'Complete', event: 'delete', to: null },
  { from: 'Error', event: 'delete', to: null },
];

/** The error each refused event answers (409 unless the event cannot be refused). */
export const refusalCodes: Record<TransactionEvent, ApiErrorCode> = {
  create: 'CONFLICT',
  submitStep: 'TRANSACTION_CLOSED',
  resumeWaiting: 'TRANSACTION_CLOSED',
  resumeFinished: 'TRANSACTION_CLOSED',
  resumeFailed: 'TRANSACTION_CLOSED',
  resumeClosed: 'CONFLICT',
  expire: 'TRANSACTION_CLOSED',
  setVerificationStatus: 'TRANSACTION_NOT_COMPLETE',
  delete: 'TRANSACTION_IN_PROGRESS',
};

/** The state an event leads to, or `{ refused }` with the error code to answer. */
export function transition(from: From, event: TransactionEvent): { to: To } | { refused: ApiErrorCode } {
  const row = transitionTable.find((t) => t.from === from && t.event === event);
  return row ? { to: row.to } : { refused: refusalCodes[event] };
}

/** The statuses from which an event is allowed (for guarded SQL updates). */
export function allowedFrom(event: TransactionEvent): ProcessingStatus[] {
  return transitionTable.filter((t) => t.event === event && t.from !== null).map((t) => t.from as ProcessingStatus);
}

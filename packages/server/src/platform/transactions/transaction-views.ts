import type { CurrentStepView, EdgeTransactionView, ResumeResponse, StateEntry, StatusLogEntry, TransactionRecord, TransactionSummary } from '@idlens/sdk/api';
import type { RecordStateEntry } from '../../db/repositories/transaction-record-repository.ts';
import type { StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { isInteractive, type WorkflowDefinition } from '../../workflow/definition.ts';
import { stepInfo, workflowInfo } from '../../workflow/workflow-info.ts';

/** The transaction record of the agent interface (the spec's fields plus workflowInfo). */
export function toRecord(tx: StoredTransaction, definition: WorkflowDefinition, entries: RecordStateEntry[], statusLog: StatusLogEntry[]): TransactionRecord {
  const state: Record<string, StateEntry> = {};
  for (const e of entries) {
    // `internal` never leaves the server.
    state[e.key] = {
      stepId: e.stepId,
      stepType: e.stepType,
      input: e.input,
      extraction: e.extraction,
      output: e.output,
      createdOn: e.createdOn,
      modifiedOn: e.modifiedOn,
    };
  }
  return {
    id: tx.id,
    workflowId: tx.workflowId,
    workflowVersionId: tx.workflowVersionId,
    partnerId: tx.organizationId,
    companyId: tx.organizationId,
    organizationId: tx.organizationId,
    platform: tx.platform,
    sdkVersion: { version: tx.sdkVersion },
    createdOn: tx.createdOn,
    modifiedOn: tx.modifiedOn,
    processingStatus: tx.processingStatus,
    verificationStatus: tx.verificationStatus,
    originalVerificationStatus: tx.originalVerificationStatus,
    statusLog,
    state,
    tags: tx.tags,
    linkFields: tx.linkFields,
    consent: tx.consent,
    workflowInfo: workflowInfo(definition, tx.progress, tx.processingStatus),
  };
}

export function toSummary(tx: StoredTransaction): TransactionSummary {
  return {
    id: tx.id,
    workflowId: tx.workflowId,
    workflowVersionId: tx.workflowVersionId,
    organizationId: tx.organizationId,
    processingStatus: tx.processingStatus,
    verificationStatus: tx.verificationStatus,
    createdOn: tx.createdOn,
    modifiedOn: tx.modifiedOn,
  };
}

export function toResumeResponse(tx: StoredTransaction, definition: WorkflowDefinition, isChanged: boolean): ResumeResponse {
  return {
    transactionId: tx.id,
    isChanged,
    processingStatus: tx.processingStatus,
    verificationStatus: tx.verificationStatus,
    workflowInfo: workflowInfo(definition, tx.progress, tx.processingStatus),
    hasConsent: tx.consent.isProcessingStoringAllowed,
  };
}

/** Settings of interactive steps the browser needs; other steps' settings (business rules) stay private. */
function publicSettings(step: WorkflowDefinition['steps'][number]): Record<string, unknown> {
  if (step.type === 'ScanDocument') return { requireBack: step.settings.requireBack, requireFace: step.settings.requireFace };
  if (step.type === 'ScanCard') return { requireBack: step.settings.requireBack };
  return {};
}

export function toEdgeView(tx: StoredTransaction, definition: WorkflowDefinition): EdgeTransactionView {
  const step = definition.steps.find((s) => s.id === tx.progress.currentStepId);
  const open = tx.processingStatus === 'InProgress' && !tx.progress.finished;
  const currentStep: CurrentStepView | null =
    open && step ? { ...stepInfo(step), settings: publicSettings(step), awaitingInput: isInteractive(step) && !tx.progress.submitted } : null;
  return {
    transactionId: tx.id,
    processingStatus: tx.processingStatus,
    verificationStatus: tx.verificationStatus,
    workflowInfo: workflowInfo(definition, tx.progress, tx.processingStatus),
    hasConsent: tx.consent.isProcessingStoringAllowed,
    currentStep,
  };
}

import type { EdgeTransactionView, StepSubmission } from '@idlens/sdk/api';
import { deleteBlobs, insertBlob } from '../../db/repositories/blob-repository.ts';
import { findStateEntry, upsertStateEntry } from '../../db/repositories/state-entry-repository.ts';
import { updateTransaction, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import { isInteractive } from '../../workflow/definition.ts';
import type { InteractiveStep } from '../../workflow/image-slots.ts';
import { executionIndex } from '../../workflow/progress.ts';
import { prepareSubmission } from '../../workflow/submission.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { allowedFrom, transition } from './state-machine.ts';
import { toEdgeView } from './transaction-views.ts';

const isRef = (v: unknown): v is { id: string } => typeof v === 'object' && v !== null && typeof (v as { id: unknown }).id === 'string';

/**
 * Stores an interactive step's submission (images + the browser's extraction) as the input of the
 * step's current execution; the next resume consumes it. A new submission before that replaces
 * the previous one (and its images). The write is guarded by the row version read before the
 * images were checked, so a submission racing a resume or another submission gets 409.
 */
export async function submitStep(ctx: PlatformContext, tx: StoredTransaction, stepId: number, submission: StepSubmission): Promise<EdgeTransactionView> {
  const allowed = transition(tx.processingStatus, 'submitStep');
  if ('refused' in allowed) throw new ApiError(allowed.refused, `the transaction is ${tx.processingStatus}; it takes no more submissions`);
  const { definition } = await ctx.workflows.get(ctx.db, tx.workflowVersionId);
  const step = definition.steps.find((s) => s.id === stepId);
  if (!step) throw new ApiError('NOT_FOUND', `stepId: the workflow has no step ${stepId}`);
  if (!isInteractive(step)) throw new ApiError('STEP_NOT_CURRENT', `step ${stepId} (${step.type}) is not interactive`);
  if (tx.progress.currentStepId !== stepId)
    throw new ApiError('STEP_NOT_CURRENT', `step ${stepId} is not the current step (current: ${tx.progress.currentStepId})`);
  // Busy transactions (a submission or a resume running) were refused before the body was read (edge/submission-admission.ts).
  const prepared = await prepareSubmission(step as InteractiveStep, submission, tx.consent, {
    frames: ctx.frames,
    recognition: ctx.recognition,
    maxImageBytes: ctx.settings.maxImageBytes,
  });
  const key = `${step.name}:${executionIndex(tx.progress, step.id)}`;
  const now = isoAt(ctx.now());
  const progress = { ...tx.progress, submitted: true, replacedSubmissions: tx.progress.replacedSubmissions + (tx.progress.submitted ? 1 : 0) };

  const updated = await ctx.db.transaction().execute(async (trx) => {
    const written = await updateTransaction(
      trx,
      tx.id,
      { rowVersion: tx.rowVersion, statuses: allowedFrom('submitStep'), unleasedAt: now },
      { progress, modifiedOn: now },
    );
    if (!written) throw new ApiError('TRANSACTION_BUSY', 'the transaction changed while the submission was processed; check its state and retry');
    const previous = await findStateEntry(trx, tx.id, key);
    if (previous)
      await deleteBlobs(
        trx,
        tx.id,
        Object.values(previous.extraction)
          .filter(isRef)
          .map((r) => r.id),
      );
    for (const blob of prepared.blobs) await insertBlob(trx, { ...blob, transactionId: tx.id }, now);
    await upsertStateEntry(trx, {
      transactionId: tx.id,
      key,
      stepId: step.id,
      stepType: step.type,
      input: prepared.input,
      extraction: prepared.extraction,
      output: null,
      internal: prepared.internal,
      createdOn: previous?.createdOn ?? now,
      modifiedOn: now,
    });
    return written;
  });
  return toEdgeView(updated, definition);
}

import { randomUUID } from 'node:crypto';
import type { ResumeResponse, VerificationStatus } from '@idlens/sdk/api';
import { findBlob } from '../../db/repositories/blob-repository.ts';
import { listStateEntries, upsertStateEntry, type StoredStateEntry } from '../../db/repositories/state-entry-repository.ts';
import { appendStatusLog } from '../../db/repositories/status-log-repository.ts';
import { claimLease, findTransaction, updateTransaction, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import { isInteractive, startStep, stepById, type WorkflowDefinition } from '../../workflow/definition.ts';
import { completeStep, executionIndex } from '../../workflow/progress.ts';
import { executeStep } from '../../workflow/steps/executors.ts';
import { StepFailure, type StepContext, type StepOutcome } from '../../workflow/steps/step-context.ts';
import { recordEvent } from '../../webhooks/outbox.ts';
import { transactionEvent } from '../../webhooks/webhook-events.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { renewLeaseWhileRunning } from './lease-renewal.ts';
import { transition } from './state-machine.ts';
import { toResumeResponse } from './transaction-views.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the workflow's non-interactive steps until an interactive step that has no submission yet,
 * End (Complete) or a failure (Error).
 *
 * Only the holder of the transaction's lease runs steps, and every step's result is written with
 * a guard on that lease, so two resumes never run a step twice: the second waits for the first
 * (up to `resumeWaitMs`) and then finds nothing left to do (isChanged: false), or gets 409
 * TRANSACTION_BUSY. The holder renews the lease while it runs (lease-renewal.ts); a resume whose
 * lease ran out all the same (its process paused past `leaseMs`) loses its write and stops.
 *
 * `tx` is the row edge authentication read; it is read again only while another resume holds the
 * lease. Every write answers the row it wrote, so the response needs no read either.
 */
export async function resumeTransaction(ctx: PlatformContext, tx: StoredTransaction): Promise<ResumeResponse> {
  const owner = randomUUID();
  const deadline = ctx.now() + ctx.settings.resumeWaitMs;
  const { definition } = await ctx.workflows.get(ctx.db, tx.workflowVersionId);
  let current = tx;
  for (;;) {
    if (current.processingStatus !== 'InProgress') return toResumeResponse(current, definition, false);
    const nowMs = ctx.now();
    const claimed = await claimLease(ctx.db, tx.id, owner, isoAt(nowMs), isoAt(nowMs + ctx.settings.leaseMs));
    if (claimed) {
      current = claimed;
      break;
    }
    if (ctx.now() >= deadline) throw new ApiError('TRANSACTION_BUSY', 'the transaction is being processed by another request; retry later');
    await sleep(20);
    const reread = await findTransaction(ctx.db, tx.id);
    if (!reread) throw new ApiError('NOT_FOUND', 'transaction not found');
    current = reread;
  }
  const renewal = renewLeaseWhileRunning(ctx, tx.id, owner);
  try {
    const { tx: latest, changed } = await runSteps(ctx, current, definition, owner);
    return toResumeResponse(latest, definition, changed);
  } finally {
    renewal.stop();
    // Closing writes release the lease themselves; this covers waiting and thrown errors.
    await updateTransaction(ctx.db, tx.id, { leaseOwner: owner }, { leaseOwner: null, leaseUntil: null }).catch(() => {});
  }
}

/** Executes steps while holding the lease; answers the row as last written and whether anything advanced. */
async function runSteps(
  ctx: PlatformContext,
  claimed: StoredTransaction,
  definition: WorkflowDefinition,
  owner: string,
): Promise<{ tx: StoredTransaction; changed: boolean }> {
  const entries = new Map((await listStateEntries(ctx.db, claimed.id)).map((e) => [e.key, e]));
  const formValues = (entries.get(`${startStep(definition).name}:0`)?.input.formValues as Record<string, unknown> | undefined) ?? {};
  let tx = claimed;
  let changed = false;

  for (let executed = 0; ; executed++) {
    const progress = tx.progress;
    const step = stepById(definition, progress.currentStepId);
    if (isInteractive(step) && !progress.submitted) return { tx, changed };
    const key = `${step.name}:${executionIndex(progress, step.id)}`;
    if (executed >= ctx.settings.maxStepsPerResume) {
      const reason = `more than ${ctx.settings.maxStepsPerResume} steps in one resume: the workflow loops without an interactive step`;
      return { tx: await closeWithError(ctx, tx, owner, key, step, entries.get(key), reason), changed: true };
    }
    const stepContext: StepContext = {
      definition,
      transactionId: tx.id,
      consent: tx.consent,
      formValues,
      progress,
      entries,
      currentEntry: entries.get(key),
      verificationStatus: progress.decision,
      readBlob: async (id) => (await findBlob(ctx.db, tx.id, id))?.data,
      frames: ctx.frames,
      recognition: ctx.recognition,
      today: isoAt(ctx.now()).slice(0, 10),
    };
    let outcome: StepOutcome;
    try {
      outcome = await executeStep(step, stepContext);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      return { tx: await closeWithError(ctx, tx, owner, key, step, entries.get(key), error.message), changed: true };
    }

    const next = completeStep(progress, outcome.next, outcome.decision);
    const now = isoAt(ctx.now());
    const previous = entries.get(key);
    const entry: StoredStateEntry = {
      transactionId: tx.id,
      key,
      stepId: step.id,
      stepType: step.type,
      seq: previous?.seq ?? Math.max(-1, ...[...entries.values()].map((e) => e.seq)) + 1,
      input: outcome.entry.input ?? previous?.input ?? {},
      extraction: outcome.entry.extraction ?? previous?.extraction ?? {},
      output: outcome.entry.output,
      internal: outcome.entry.internal === undefined ? (previous?.internal ?? null) : outcome.entry.internal,
      createdOn: previous?.createdOn ?? now,
      modifiedOn: now,
    };
    const finished = outcome.next === null;
    const decision = next.decision as VerificationStatus;
    let deliveries = 0;
    tx = await ctx.db.transaction().execute(async (trx) => {
      // The guarded write first: it takes SQLite's write lock at once and fails if the lease was lost.
      const written = await updateTransaction(
        trx,
        tx.id,
        { leaseOwner: owner, statuses: ['InProgress'] },
        finished
          ? {
              progress: next,
              processingStatus: to('resumeFinished'),
              verificationStatus: decision,
              originalVerificationStatus: decision,
              leaseOwner: null,
              leaseUntil: null,
              modifiedOn: now,
            }
          : { progress: next, leaseUntil: isoAt(ctx.now() + ctx.settings.leaseMs), modifiedOn: now },
      );
      if (!written) throw new ApiError('TRANSACTION_BUSY', 'the transaction was taken over by another request; retry');
      await upsertStateEntry(trx, entry);
      if (finished) {
        await appendStatusLog(trx, tx.id, {
          changedOn: now,
          changedBy: 'edge',
          field: 'processingStatus',
          oldValue: 'InProgress',
          newValue: 'Complete',
          comment: 'workflow finished',
        });
        await appendStatusLog(trx, tx.id, {
          changedOn: now,
          changedBy: 'system',
          field: 'verificationStatus',
          oldValue: null,
          newValue: decision,
          comment: `set by the workflow (step ${step.name})`,
        });
        deliveries = await recordEvent(trx, ctx.webhooks, transactionEvent(written, { type: 'transaction.completed' }, now));
      }
      return written;
    });
    if (deliveries > 0) ctx.webhooks.wake();
    entries.set(key, entry);
    changed = true;
    if (finished) return { tx, changed };
  }
}

function to(event: 'resumeFinished' | 'resumeFailed') {
  const result = transition('InProgress', event);
  if (!('to' in result) || result.to === null) throw new Error(`the state machine does not allow ${event}`);
  return result.to;
}

/**
 * A failed step ends the transaction in Error; the step's entry and the status log say why.
 * Answers the closed row.
 */
async function closeWithError(
  ctx: PlatformContext,
  tx: StoredTransaction,
  owner: string,
  key: string,
  step: WorkflowDefinition['steps'][number],
  existing: StoredStateEntry | undefined,
  reason: string,
): Promise<StoredTransaction> {
  const now = isoAt(ctx.now());
  ctx.logger.warn('transaction failed', { transactionId: tx.id, step: step.name, reason });
  let deliveries = 0;
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const written = await updateTransaction(
      trx,
      tx.id,
      { leaseOwner: owner, statuses: ['InProgress'] },
      { processingStatus: to('resumeFailed'), leaseOwner: null, leaseUntil: null, modifiedOn: now },
    );
    if (!written) throw new ApiError('TRANSACTION_BUSY', 'the transaction was taken over by another request; retry');
    await upsertStateEntry(trx, {
      transactionId: tx.id,
      key,
      stepId: step.id,
      stepType: step.type,
      input: existing?.input ?? {},
      extraction: existing?.extraction ?? {},
      output: { failed: true, reason },
      internal: existing?.internal ?? null,
      createdOn: existing?.createdOn ?? now,
      modifiedOn: now,
    });
    await appendStatusLog(trx, tx.id, {
      changedOn: now,
      changedBy: 'system',
      field: 'processingStatus',
      oldValue: 'InProgress',
      newValue: 'Error',
      comment: `step ${step.name} failed: ${reason}`,
    });
    deliveries = await recordEvent(trx, ctx.webhooks, transactionEvent(written, { type: 'transaction.failed', failure: 'stepFailed', step: step.name }, now));
    return written;
  });
  if (deliveries > 0) ctx.webhooks.wake();
  return closed;
}

import type { VerificationStatus } from '@idlens/sdk/api';
import { startStep, successorIds, type WorkflowDefinition } from './definition.ts';

/**
 * Where a transaction stands in its workflow. Stored as JSON on the transaction row and changed
 * only by the runner (resume), the step submission and create.
 */
export interface Progress {
  /** The step the workflow stands at: the next to run, or the End step once finished. */
  currentStepId: number;
  /** Completed executions per step id (a step on a loop can run more than once). */
  executions: Record<string, number>;
  /** Step ids in the order they first completed. */
  completedStepIds: number[];
  /** Step executions so far, all steps together (runaway-loop guard). */
  totalExecutions: number;
  /** The current interactive step has a submission waiting to be consumed by resume. */
  submitted: boolean;
  /** Submissions to the current execution that were replaced by a later one. */
  replacedSubmissions: number;
  /** Set by the last Decision step; End applies it. */
  decision: VerificationStatus | null;
  /** The workflow reached End. */
  finished: boolean;
}

/** Progress of a fresh transaction: standing at Start (create runs it at once). */
export function initialProgress(definition: WorkflowDefinition): Progress {
  return {
    currentStepId: startStep(definition).id,
    executions: {},
    completedStepIds: [],
    totalExecutions: 0,
    submitted: false,
    replacedSubmissions: 0,
    decision: null,
    finished: false,
  };
}

/** The execution index (`<n>` of the state key) the step's next execution gets. */
export function executionIndex(progress: Progress, stepId: number): number {
  return progress.executions[String(stepId)] ?? 0;
}

/** Progress after the current step completed and the workflow moved to `nextStepId` (null = finished). */
export function completeStep(progress: Progress, nextStepId: number | null, decision?: VerificationStatus | null): Progress {
  const id = progress.currentStepId;
  return {
    ...progress,
    currentStepId: nextStepId ?? id,
    executions: { ...progress.executions, [String(id)]: executionIndex(progress, id) + 1 },
    completedStepIds: progress.completedStepIds.includes(id) ? progress.completedStepIds : [...progress.completedStepIds, id],
    totalExecutions: progress.totalExecutions + 1,
    submitted: false,
    replacedSubmissions: 0,
    decision: decision === undefined ? progress.decision : decision,
    finished: nextStepId === null,
  };
}

/** Steps reachable from `fromId` (inclusive), in definition order. */
export function reachableStepIds(definition: WorkflowDefinition, fromId: number): number[] {
  const seen = new Set<number>();
  const queue = [fromId];
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const step = definition.steps.find((s) => s.id === id);
    if (step) queue.push(...successorIds(definition, step));
  }
  return definition.steps.map((s) => s.id).filter((id) => seen.has(id));
}

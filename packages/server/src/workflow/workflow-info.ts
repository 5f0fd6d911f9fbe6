import type { ProcessingStatus, WorkflowInfo, WorkflowStepInfo } from '@idlens/sdk/api';
import { isInteractive, startStep, successorIds, type StepDefinition, type WorkflowDefinition } from './definition.ts';
import { executionIndex, reachableStepIds, type Progress } from './progress.ts';

export const stepInfo = (step: StepDefinition): WorkflowStepInfo => ({ id: step.id, name: step.name, type: step.type, interactive: isInteractive(step) });

/**
 * An interactive step is conditional when some run from Start to an End avoids it, i.e. End stays
 * reachable with the step removed from the graph.
 */
export function isConditional(definition: WorkflowDefinition, stepId: number): boolean {
  const seen = new Set<number>([stepId]);
  const queue = [startStep(definition).id];
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const step = definition.steps.find((s) => s.id === id);
    if (!step) continue;
    if (step.type === 'End') return true;
    queue.push(...successorIds(definition, step));
  }
  return false;
}

export type StaticWorkflowInfo = Pick<WorkflowInfo, 'stepCount' | 'interactiveStepCount' | 'hasConditionalInteractiveStep' | 'interactiveSteps' | 'steps'>;

/** Definitions are immutable (versions are never edited), so their analysis is kept with them. */
const staticInfos = new WeakMap<WorkflowDefinition, StaticWorkflowInfo>();

/** The parts of workflowInfo that depend on the definition only (computed once per definition object). */
export function staticWorkflowInfo(definition: WorkflowDefinition): StaticWorkflowInfo {
  let info = staticInfos.get(definition);
  if (!info) {
    info = analyse(definition);
    staticInfos.set(definition, info);
  }
  return info;
}

function analyse(definition: WorkflowDefinition): StaticWorkflowInfo {
  const steps = definition.steps.map(stepInfo);
  const interactiveSteps = steps.filter((s) => s.interactive);
  return {
    stepCount: steps.length,
    interactiveStepCount: interactiveSteps.length,
    hasConditionalInteractiveStep: interactiveSteps.some((s) => isConditional(definition, s.id)),
    interactiveSteps,
    steps,
  };
}

/** workflowInfo of the spec, computed from the definition and the transaction's progress. */
export function workflowInfo(definition: WorkflowDefinition, progress: Progress, status: ProcessingStatus): WorkflowInfo {
  const fixed = staticWorkflowInfo(definition);
  const current = definition.steps.find((s) => s.id === progress.currentStepId);
  const open = status === 'InProgress' && !progress.finished;
  const completed = new Set(progress.completedStepIds);
  return {
    stepCount: fixed.stepCount,
    interactiveStepCount: fixed.interactiveStepCount,
    hasConditionalInteractiveStep: fixed.hasConditionalInteractiveStep,
    interactiveSteps: fixed.interactiveSteps,
    completedInteractiveSteps: progress.completedStepIds.map((id) => fixed.steps.find((s) => s.id === id)!).filter((s) => s?.interactive),
    currentStep: progress.finished ? 'End' : (current?.name ?? 'End'),
    currentStepRetryCount: progress.finished ? 0 : executionIndex(progress, progress.currentStepId) + progress.replacedSubmissions,
    currentStepExecutionIndex: progress.finished
      ? Math.max(0, executionIndex(progress, progress.currentStepId) - 1)
      : executionIndex(progress, progress.currentStepId),
    steps: fixed.steps,
    currentStepId: progress.currentStepId,
    pendingStepIds: open ? reachableStepIds(definition, progress.currentStepId).filter((id) => id === progress.currentStepId || !completed.has(id)) : [],
    completedStepIds: [...progress.completedStepIds],
  };
}

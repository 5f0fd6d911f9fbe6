import { successorIds } from '../definition.ts';
import type { InteractiveStep } from '../image-slots.ts';
import { StepFailure, type StepExecutor } from './step-context.ts';

/**
 * An interactive step at resume time: its submission (validated and stored by the step endpoint)
 * is accepted and the workflow moves on. The runner never calls this before a submission exists.
 */
export const runScanStep: StepExecutor<InteractiveStep> = async (step, ctx) => {
  const entry = ctx.currentEntry;
  if (!entry) throw new StepFailure(`${step.name} has no submission`);
  const data = entry.extraction.data as Record<string, unknown> | undefined;
  const next = successorIds(ctx.definition, step)[0];
  if (next === undefined) throw new StepFailure(`step ${step.id} has no next step`);
  return {
    entry: { output: { accepted: true, clientRecognitionStatus: (data?.recognitionStatus as string | undefined) ?? null } },
    next,
  };
};

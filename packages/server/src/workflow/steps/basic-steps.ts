import { successorIds, type StepOf } from '../definition.ts';
import { evaluatePredicate } from '../predicate.ts';
import { latestEntry, StepFailure, type StepContext, type StepExecutor } from './step-context.ts';

/** The step after `step` when it does not branch. */
function following(ctx: StepContext, step: Parameters<typeof successorIds>[1]): number {
  const next = successorIds(ctx.definition, step)[0];
  if (next === undefined) throw new StepFailure(`step ${step.id} has no next step`);
  return next;
}

/** Start: the form values were validated at create; the entry records them. */
export const runStart: StepExecutor<StepOf<'Start'>> = async (step, ctx) => ({
  entry: { input: { formValues: ctx.formValues }, extraction: {}, output: { fieldCount: step.settings.formFields.length } },
  next: following(ctx, step),
});

/** Reads `state.<StepName>.<part>.<field…>`, `formValues.<field>` or `verificationStatus`. */
export function readPath(ctx: StepContext, path: string): unknown {
  const [root, ...rest] = path.split('.');
  if (root === 'verificationStatus') return ctx.verificationStatus;
  if (root === 'formValues') return ctx.formValues[rest[0]!];
  const [stepName, part, ...fields] = rest;
  const step = ctx.definition.steps.find((s) => s.name === stepName);
  const entry = step && latestEntry(ctx, step.id);
  let value: unknown = entry?.[part as 'input' | 'extraction' | 'output'];
  for (const field of fields) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return value;
}

export const runCondition: StepExecutor<StepOf<'Condition'>> = async (step, ctx) => {
  const result = evaluatePredicate(step.settings.if, (path) => readPath(ctx, path));
  const next = result ? step.settings.then : step.settings.else;
  return { entry: { input: {}, extraction: {}, output: { result, next } }, next };
};

export const runDecision: StepExecutor<StepOf<'Decision'>> = async (step, ctx) => ({
  entry: { input: {}, extraction: {}, output: { verificationStatus: step.settings.verificationStatus } },
  next: following(ctx, step),
  decision: step.settings.verificationStatus,
});

/** End: the last Decision's status, or the End step's default when no Decision ran. */
export const runEnd: StepExecutor<StepOf<'End'>> = async (step, ctx) => {
  const verificationStatus = ctx.verificationStatus ?? step.settings.verificationStatus;
  return { entry: { input: {}, extraction: {}, output: { verificationStatus } }, next: null, decision: verificationStatus };
};

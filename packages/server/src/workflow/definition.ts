import { z } from 'zod';
import { verificationStatuses, type StepType } from '@idlens/sdk/api';
import { predicatePaths, predicateSchema } from './predicate.ts';

/** Form field types the Start step can declare. */
export const formFieldTypes = ['string', 'number', 'boolean', 'email', 'date'] as const;

const formFieldSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a field name (letters, digits, _)'),
  type: z.enum(formFieldTypes),
  required: z.boolean().default(true),
  /** Longest accepted string (string/email fields). */
  maxLength: z.number().int().positive().max(10_000).optional(),
});

const checkToggles = z.strictObject({
  recognized: z.boolean().default(true),
  mrzCheckDigits: z.boolean().default(true),
  notExpired: z.boolean().default(true),
  ageLimit: z.boolean().default(true),
  frontBackMatch: z.boolean().default(true),
  clientServerMatch: z.boolean().default(true),
});

const stepId = z.number().int().min(1).max(1_000_000);
const base = {
  id: stepId,
  name: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a step name (letters, digits, _ and -; no colon)')
    .optional(),
  next: stepId.optional(),
};

/** Each step type and its settings. */
export const stepSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...base,
    type: z.literal('Start'),
    settings: z.strictObject({ formFields: z.array(formFieldSchema).max(100).default([]) }).default({ formFields: [] }),
  }),
  z.strictObject({
    ...base,
    type: z.literal('ScanDocument'),
    settings: z
      .strictObject({ requireBack: z.boolean().default(false), requireFace: z.boolean().default(false) })
      .default({ requireBack: false, requireFace: false }),
  }),
  z.strictObject({
    ...base,
    type: z.literal('ScanCard'),
    // Card images show the full card number: they are stored only when the operator opts in.
    settings: z
      .strictObject({ requireBack: z.boolean().default(false), storeImages: z.boolean().default(false) })
      .default({ requireBack: false, storeImages: false }),
  }),
  z.strictObject({ ...base, type: z.literal('ScanBarcode'), settings: z.strictObject({}).default({}) }),
  z.strictObject({
    ...base,
    type: z.literal('DocumentVerification'),
    settings: z
      .strictObject({
        /** The ScanDocument step whose images are verified; default: the nearest one before this step. */
        sourceStepId: stepId.optional(),
        /** Minimum age in years; null = no age check. */
        ageLimit: z.number().int().min(0).max(150).nullable().default(null),
        checks: checkToggles.default(checkToggles.parse({})),
      })
      .default({ ageLimit: null, checks: checkToggles.parse({}) }),
  }),
  z.strictObject({ ...base, type: z.literal('Condition'), settings: z.strictObject({ if: predicateSchema, then: stepId, else: stepId }) }),
  z.strictObject({ ...base, type: z.literal('Decision'), settings: z.strictObject({ verificationStatus: z.enum(verificationStatuses) }) }),
  z.strictObject({
    ...base,
    type: z.literal('End'),
    // Used when no Decision ran before End.
    settings: z.strictObject({ verificationStatus: z.enum(verificationStatuses).default('Review') }).default({ verificationStatus: 'Review' }),
  }),
]);

export type StepDefinitionInput = z.input<typeof stepSchema>;
type ParsedStep = z.output<typeof stepSchema>;
/** A validated step: `name` always set (default: its type). */
export type StepDefinition = ParsedStep & { name: string };
export type StepOf<T extends StepType> = Extract<StepDefinition, { type: T }>;

export const interactiveStepTypes: ReadonlySet<StepType> = new Set(['ScanDocument', 'ScanCard', 'ScanBarcode']);
export const isInteractive = (step: { type: StepType }) => interactiveStepTypes.has(step.type);

const definitionShape = z.strictObject({
  workflowId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ - (at most 64)'),
  name: z.string().min(1).max(200),
  steps: z.array(stepSchema).min(2).max(200),
});

export interface WorkflowDefinition {
  workflowId: string;
  name: string;
  steps: StepDefinition[];
}

/** The steps a step can continue to: Condition branches, nothing after End, else `next` or the following step. */
export function successorIds(definition: Pick<WorkflowDefinition, 'steps'>, step: StepDefinition): number[] {
  if (step.type === 'End') return [];
  if (step.type === 'Condition') return [step.settings.then, step.settings.else];
  if (step.next !== undefined) return [step.next];
  const index = definition.steps.indexOf(step);
  const following = definition.steps[index + 1];
  return following ? [following.id] : [];
}

/**
 * Validates a workflow definition: the shape (zod) and the graph — unique ids and names, one Start
 * first, every jump to an existing step, no step without a way on, Conditions reading steps and
 * fields that exist, DocumentVerification fed by a ScanDocument.
 */
export const workflowDefinitionSchema = definitionShape
  .transform((raw): WorkflowDefinition => ({ ...raw, steps: raw.steps.map((s) => ({ ...s, name: s.name ?? s.type })) }))
  .superRefine((def, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const byId = new Map<number, StepDefinition>();
    const names = new Set<string>();
    def.steps.forEach((step, i) => {
      if (byId.has(step.id)) issue(['steps', i, 'id'], `duplicate step id ${step.id}`);
      if (names.has(step.name)) issue(['steps', i, 'name'], `duplicate step name ${step.name} (give the step a unique name)`);
      byId.set(step.id, step);
      names.add(step.name);
    });
    if (def.steps[0]?.type !== 'Start') issue(['steps', 0, 'type'], 'the first step must be Start');
    if (def.steps.filter((s) => s.type === 'Start').length > 1) issue(['steps'], 'only one Start step is allowed');
    if (!def.steps.some((s) => s.type === 'End')) issue(['steps'], 'at least one End step is required');
    const formFields = new Set(def.steps[0]?.type === 'Start' ? def.steps[0].settings.formFields.map((f) => f.name) : []);

    def.steps.forEach((step, i) => {
      const next = successorIds(def, step);
      if (step.type !== 'End' && next.length === 0) issue(['steps', i], `step ${step.id} has no next step (add "next" or an End after it)`);
      for (const target of next) {
        const to = byId.get(target);
        if (!to) issue(['steps', i], `step ${step.id} continues to unknown step ${target}`);
        else if (to.type === 'Start') issue(['steps', i], `step ${step.id} jumps back to Start`);
      }
      if (step.type === 'Condition') {
        for (const path of predicatePaths(step.settings.if)) {
          const [root, stepName, ...rest] = path.split('.');
          if (root === 'state' && stepName && !names.has(stepName)) issue(['steps', i, 'settings', 'if'], `${path}: no step named ${stepName}`);
          if (root === 'formValues' && stepName && !formFields.has(stepName))
            issue(['steps', i, 'settings', 'if'], `${path}: the Start step declares no field ${stepName}`);
          void rest;
        }
      }
      if (step.type === 'DocumentVerification') {
        const source =
          step.settings.sourceStepId !== undefined
            ? byId.get(step.settings.sourceStepId)
            : def.steps
                .slice(0, i)
                .reverse()
                .find((s) => s.type === 'ScanDocument');
        if (source?.type !== 'ScanDocument')
          issue(['steps', i, 'settings', 'sourceStepId'], 'DocumentVerification needs a ScanDocument step to verify (before it, or named by sourceStepId)');
      }
    });
  });

/** The ScanDocument step a DocumentVerification step verifies (validated to exist). */
export function verificationSource(definition: WorkflowDefinition, step: StepOf<'DocumentVerification'>): StepOf<'ScanDocument'> {
  const index = definition.steps.indexOf(step);
  const source =
    step.settings.sourceStepId !== undefined
      ? definition.steps.find((s) => s.id === step.settings.sourceStepId)
      : definition.steps
          .slice(0, index)
          .reverse()
          .find((s) => s.type === 'ScanDocument');
  if (source?.type !== 'ScanDocument') throw new Error(`workflow ${definition.workflowId}: step ${step.id} has no ScanDocument source`);
  return source;
}

/** The Start step (validated to be first). */
export function startStep(definition: WorkflowDefinition): StepOf<'Start'> {
  const first = definition.steps[0];
  if (first?.type !== 'Start') throw new Error(`workflow ${definition.workflowId} does not begin with Start`);
  return first;
}

export function stepById(definition: WorkflowDefinition, id: number): StepDefinition {
  const step = definition.steps.find((s) => s.id === id);
  if (!step) throw new Error(`workflow ${definition.workflowId} has no step ${id}`);
  return step;
}

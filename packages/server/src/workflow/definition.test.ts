import { describe, expect, it } from 'vitest';
import { demoDocumentWorkflow } from '../platform/demo/demo-workflows.ts';
import { workflowDefinitionSchema } from './definition.ts';
import { evaluatePredicate } from './predicate.ts';
import { initialProgress, completeStep } from './progress.ts';
import { isConditional, workflowInfo } from './workflow-info.ts';

const parse = (steps: unknown[]) => workflowDefinitionSchema.safeParse({ workflowId: 'w', name: 'w', steps });
const messages = (steps: unknown[]) => {
  const result = parse(steps);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('workflow definitions', () => {
  it('accept the demo workflows and default step names and settings', () => {
    const result = workflowDefinitionSchema.parse(demoDocumentWorkflow);
    expect(result.steps.map((s) => s.name)).toEqual(['Start', 'ScanDocument', 'DocumentVerification', 'Condition', 'Accept', 'Review', 'End']);
    expect(result.steps[2]).toMatchObject({ settings: { ageLimit: null, checks: { mrzCheckDigits: true } } });
  });

  it('refuse broken graphs with the field named', () => {
    expect(
      messages([
        { id: 1, type: 'End' },
        { id: 2, type: 'End' },
      ]),
    ).toEqual(expect.arrayContaining([expect.stringContaining('first step must be Start')]));
    expect(
      messages([
        { id: 1, type: 'Start' },
        { id: 1, type: 'End' },
      ]),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/steps\.1\.id: duplicate/)]));
    expect(
      messages([
        { id: 1, type: 'Start' },
        { id: 2, type: 'Decision', settings: { verificationStatus: 'Accept' } },
      ]),
    ).toEqual(expect.arrayContaining([expect.stringContaining('at least one End'), expect.stringContaining('has no next step')]));
    expect(
      messages([
        { id: 1, type: 'Start', next: 5 },
        { id: 2, type: 'End' },
      ]),
    ).toEqual([expect.stringContaining('unknown step 5')]);
    expect(
      messages([
        { id: 1, type: 'Start' },
        { id: 2, type: 'DocumentVerification' },
        { id: 3, type: 'End' },
      ]),
    ).toEqual([expect.stringMatching(/steps\.1\.settings\.sourceStepId/)]);
    expect(
      messages([
        { id: 1, type: 'Start' },
        { id: 2, type: 'Decision', settings: { verificationStatus: 'Maybe' } },
        { id: 3, type: 'End' },
      ]),
    ).toEqual([expect.stringMatching(/^steps\.1\.settings\.verificationStatus/)]);
    expect(
      messages([
        { id: 1, type: 'Start' },
        { id: 2, type: 'Teleport' },
        { id: 3, type: 'End' },
      ]),
    ).toEqual([expect.stringMatching(/^steps\.1\.type/)]);
  });

  it('Conditions must read existing steps and declared form fields', () => {
    const condition = (path: string) => [
      { id: 1, type: 'Start', settings: { formFields: [{ name: 'country', type: 'string' }] } },
      { id: 2, type: 'Condition', settings: { if: { path, op: 'eq', value: 'DE' }, then: 3, else: 3 } },
      { id: 3, type: 'End' },
    ];
    expect(messages(condition('formValues.country'))).toEqual([]);
    expect(messages(condition('formValues.city'))).toEqual([expect.stringContaining('declares no field city')]);
    expect(messages(condition('state.Nope.output.x'))).toEqual([expect.stringContaining('no step named Nope')]);
  });
});

describe('predicates', () => {
  it('evaluate all/any/not and the comparison table', () => {
    const values: Record<string, unknown> = { 'formValues.age': 20, 'formValues.country': 'DE', verificationStatus: null };
    const read = (p: string) => values[p];
    expect(
      evaluatePredicate(
        {
          all: [
            { path: 'formValues.age', op: 'gte', value: 18 },
            { path: 'formValues.country', op: 'in', value: ['DE', 'AT'] },
          ],
        },
        read,
      ),
    ).toBe(true);
    expect(evaluatePredicate({ any: [{ path: 'formValues.age', op: 'lt', value: 18 }, { not: { path: 'verificationStatus', op: 'notExists' } }] }, read)).toBe(
      false,
    );
    expect(evaluatePredicate({ path: 'formValues.age', op: 'gt', value: '18' }, read)).toBe(false);
  });
});

describe('workflowInfo', () => {
  const definition = workflowDefinitionSchema.parse({
    workflowId: 'w',
    name: 'w',
    steps: [
      { id: 1, type: 'Start', settings: { formFields: [{ name: 'card', type: 'boolean' }] } },
      { id: 2, type: 'ScanDocument' },
      { id: 3, type: 'Condition', settings: { if: { path: 'formValues.card', op: 'eq', value: true }, then: 4, else: 5 } },
      { id: 4, type: 'ScanCard' },
      { id: 5, type: 'End' },
    ],
  });

  it('marks interactive steps on a branch as conditional', () => {
    expect(isConditional(definition, 2)).toBe(false);
    expect(isConditional(definition, 4)).toBe(true);
    expect(workflowInfo(definition, initialProgress(definition), 'InProgress')).toMatchObject({
      stepCount: 5,
      interactiveStepCount: 2,
      hasConditionalInteractiveStep: true,
    });
  });

  it('follows progress: current, pending, completed, retry count', () => {
    let progress = completeStep(initialProgress(definition), 2);
    expect(workflowInfo(definition, progress, 'InProgress')).toMatchObject({
      currentStep: 'ScanDocument',
      currentStepId: 2,
      pendingStepIds: [2, 3, 4, 5],
      completedStepIds: [1],
      currentStepRetryCount: 0,
    });
    progress = { ...progress, submitted: true, replacedSubmissions: 2 };
    expect(workflowInfo(definition, progress, 'InProgress').currentStepRetryCount).toBe(2);
    progress = completeStep(completeStep(completeStep(progress, 3), 5), null);
    const done = workflowInfo(definition, progress, 'Complete');
    expect(done).toMatchObject({ currentStep: 'End', currentStepId: 5, pendingStepIds: [], completedStepIds: [1, 2, 3, 5] });
    expect(done.completedInteractiveSteps.map((s) => s.id)).toEqual([2]);
  });
});

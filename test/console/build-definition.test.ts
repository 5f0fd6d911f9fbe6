import { describe, expect, it } from 'vitest';
import { buildDefinition, emptyModel, ruleSubjects, type BuilderModel } from '../../packages/console/src/builder/build-definition.ts';
import { workflowDefinitionSchema } from '../../packages/server/src/workflow/definition.ts';

const model = (change: (m: BuilderModel) => void) => {
  const m = emptyModel();
  m.workflowId = 'built';
  m.name = 'Built';
  change(m);
  return m;
};

describe('console form builder → workflow definition', () => {
  it('the simplest form is Start → default Decision → End, valid for the server', () => {
    const def = buildDefinition(model(() => {}));
    expect(def.steps).toEqual([
      { id: 1, type: 'Start', settings: { formFields: [] } },
      { id: 2, name: 'DefaultReview', type: 'Decision', settings: { verificationStatus: 'Review' }, next: 3 },
      { id: 3, type: 'End' },
    ]);
    expect(workflowDefinitionSchema.safeParse(def).success).toBe(true);
  });

  it('fields, two document captures, verification and rules make a definition the server accepts', () => {
    const m = model((x) => {
      x.fields.push({ name: 'age', type: 'number', required: true }, { name: 'email', type: 'email', required: false });
      x.captures.push({ type: 'ScanDocument', requireBack: true, requireFace: false, storeImages: false });
      x.captures.push({ type: 'ScanDocument', requireBack: false, requireFace: true, storeImages: false });
      x.captures.push({ type: 'ScanCard', requireBack: false, requireFace: false, storeImages: true });
      x.verification = { enabled: true, ageLimit: '18' };
      x.rules.push({ subject: 'verification.passed', op: 'eq', value: 'false', status: 'Reject' });
      x.rules.push({ subject: 'formValues.age', op: 'gte', value: '21', status: 'Accept' });
      x.rules.push({ subject: 'formValues.email', op: 'exists', value: 'ignored', status: 'Review' });
      x.defaultStatus = 'Reject';
    });
    expect(ruleSubjects(m).map((s) => s.value)).toEqual(['verification.passed', 'formValues.age', 'formValues.email']);
    const def = buildDefinition(m);
    const parsed = workflowDefinitionSchema.safeParse(def);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const steps = def.steps as Array<Record<string, any>>;
    expect(steps.map((s) => s.name ?? s.type)).toEqual([
      'Start',
      'ScanDocument',
      'ScanDocument2',
      'ScanCard',
      'DocumentVerification',
      'Rule1',
      'Rule2',
      'Rule3',
      'Rule1Reject',
      'Rule2Accept',
      'Rule3Review',
      'DefaultReject',
      'End',
    ]);
    expect(steps[4]!.settings).toEqual({ ageLimit: 18 });
    expect(steps[5]!.settings).toEqual({ if: { path: 'state.DocumentVerification.output.passed', op: 'eq', value: false }, then: 9, else: 7 });
    expect(steps[6]!.settings.if).toEqual({ path: 'formValues.age', op: 'gte', value: 21 });
    expect(steps[7]!.settings).toEqual({ if: { path: 'formValues.email', op: 'exists' }, then: 11, else: 12 });
  });

  it('drops rules whose subject is gone (verification turned off, field removed)', () => {
    const def = buildDefinition(
      model((x) => {
        x.rules.push({ subject: 'verification.passed', op: 'eq', value: 'true', status: 'Accept' });
        x.rules.push({ subject: 'formValues.gone', op: 'eq', value: 'x', status: 'Accept' });
      }),
    );
    expect((def.steps as unknown[]).length).toBe(3);
  });
});

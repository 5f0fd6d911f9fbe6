/**
 * The form builder's model and the workflow definition it produces: the same JSON an operator
 * would import (docs/transaction-platform.md, "Workflows"). Pure functions, tested on their own.
 */

export type FieldType = 'string' | 'email' | 'number' | 'boolean' | 'date';
export type CaptureType = 'ScanDocument' | 'ScanCard' | 'ScanBarcode';
export type Status = 'Accept' | 'Reject' | 'Review';
export type RuleOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'notExists';

export interface BuilderField {
  name: string;
  type: FieldType;
  required: boolean;
}

export interface BuilderCapture {
  type: CaptureType;
  requireBack: boolean;
  /** ScanDocument: the face image is required. */
  requireFace: boolean;
  /** ScanCard: store the card images (they show the full number). */
  storeImages: boolean;
}

export interface BuilderRule {
  /** `verification.passed` or `formValues.<field>`. */
  subject: string;
  op: RuleOp;
  /** As typed; converted by the subject's type. */
  value: string;
  status: Status;
}

export interface BuilderModel {
  workflowId: string;
  name: string;
  fields: BuilderField[];
  captures: BuilderCapture[];
  verification: { enabled: boolean; ageLimit: string };
  rules: BuilderRule[];
  /** When no rule matches. */
  defaultStatus: Status;
}

export const emptyModel = (): BuilderModel => ({
  workflowId: '',
  name: '',
  fields: [],
  captures: [],
  verification: { enabled: false, ageLimit: '' },
  rules: [],
  defaultStatus: 'Review',
});

/** What a rule can test: the verification result (when on) and each Start field. */
export function ruleSubjects(model: BuilderModel): Array<{ value: string; label: string; type: FieldType }> {
  const subjects: Array<{ value: string; label: string; type: FieldType }> = [];
  if (verificationAvailable(model) && model.verification.enabled)
    subjects.push({ value: 'verification.passed', label: 'Document verification passed', type: 'boolean' });
  for (const f of model.fields) if (f.name) subjects.push({ value: `formValues.${f.name}`, label: `Field ${f.name}`, type: f.type });
  return subjects;
}

export const verificationAvailable = (model: BuilderModel) => model.captures.some((c) => c.type === 'ScanDocument');

function ruleValue(raw: string, type: FieldType): unknown {
  const text = raw.trim();
  if (type === 'boolean') return text === 'true';
  if (type === 'number') return text === '' ? 0 : Number(text);
  return text;
}

/** Step names must be unique: the second ScanDocument is ScanDocument2, and so on. */
function uniqueName(type: string, used: Map<string, number>): string {
  const n = (used.get(type) ?? 0) + 1;
  used.set(type, n);
  return n === 1 ? type : `${type}${n}`;
}

/**
 * The definition: Start (fields) → captures in order → DocumentVerification (optional) → one
 * Condition per rule (first match decides) → a Decision per rule and the default Decision → End.
 */
export function buildDefinition(model: BuilderModel): Record<string, unknown> {
  const steps: Array<Record<string, unknown>> = [];
  let nextId = 1;
  const used = new Map<string, number>();
  steps.push({
    id: nextId++,
    type: 'Start',
    settings: { formFields: model.fields.map((f) => ({ name: f.name.trim(), type: f.type, required: f.required })) },
  });
  used.set('Start', 1);
  for (const capture of model.captures) {
    const settings =
      capture.type === 'ScanDocument'
        ? { requireBack: capture.requireBack, requireFace: capture.requireFace }
        : capture.type === 'ScanCard'
          ? { requireBack: capture.requireBack, storeImages: capture.storeImages }
          : {};
    const name = uniqueName(capture.type, used);
    steps.push({ id: nextId++, ...(name === capture.type ? {} : { name }), type: capture.type, settings });
  }
  const verifying = model.verification.enabled && verificationAvailable(model);
  if (verifying) {
    const age = model.verification.ageLimit.trim();
    steps.push({ id: nextId++, type: 'DocumentVerification', settings: { ageLimit: age === '' ? null : Number(age) } });
    used.set('DocumentVerification', 1);
  }
  const subjects = new Map(ruleSubjects(model).map((s) => [s.value, s]));
  const rules = model.rules.filter((r) => subjects.has(r.subject));
  // Ids: conditions first, then one decision per rule, the default decision, End.
  const conditionIds = rules.map(() => nextId++);
  const decisionIds = rules.map(() => nextId++);
  const defaultId = nextId++;
  const endId = nextId++;
  rules.forEach((rule, i) => {
    const subject = subjects.get(rule.subject);
    const path = rule.subject === 'verification.passed' ? 'state.DocumentVerification.output.passed' : rule.subject;
    const comparison: Record<string, unknown> = { path, op: rule.op };
    if (rule.op !== 'exists' && rule.op !== 'notExists') comparison.value = ruleValue(rule.value, subject?.type ?? 'string');
    steps.push({
      id: conditionIds[i],
      name: `Rule${i + 1}`,
      type: 'Condition',
      settings: { if: comparison, then: decisionIds[i], else: conditionIds[i + 1] ?? defaultId },
    });
  });
  rules.forEach((rule, i) => {
    steps.push({ id: decisionIds[i], name: `Rule${i + 1}${rule.status}`, type: 'Decision', settings: { verificationStatus: rule.status }, next: endId });
  });
  steps.push({ id: defaultId, name: `Default${model.defaultStatus}`, type: 'Decision', settings: { verificationStatus: model.defaultStatus }, next: endId });
  steps.push({ id: endId, type: 'End' });
  return { workflowId: model.workflowId.trim(), name: model.name.trim(), steps };
}
